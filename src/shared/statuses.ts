/** Agent statuses (spec §3): label and avatar colour; on_call and after_call are set by the system. */
export const agentStatuses = [
  'available',
  'on_call',
  'break',
  'lunch',
  'personal',
  'tech_issues',
  'gone_home',
  'after_call',
  'out_bound',
] as const;
export type AgentStatus = (typeof agentStatuses)[number];

export const statusCatalogue: Record<AgentStatus, { label: string; colour: string }> = {
  available: { label: 'Available', colour: 'green' },
  on_call: { label: 'On Call', colour: 'blue' },
  break: { label: 'Break', colour: 'yellow' },
  lunch: { label: 'Lunch', colour: 'orange' },
  personal: { label: 'Personal Time', colour: 'purple' },
  tech_issues: { label: 'Tech Issues', colour: 'red' },
  gone_home: { label: 'Gone Home', colour: 'slate' },
  after_call: { label: 'After Call Work', colour: 'pink' },
  out_bound: { label: 'Out Bound', colour: 'brown' },
};

/** Set only by the system (spec §4): never offered in the status selector, refused by the API. */
export const systemStatuses: readonly AgentStatus[] = ['on_call', 'after_call'];

export const selectableStatuses = agentStatuses.filter(
  (status) => !systemStatuses.includes(status),
);

/**
 * Who set a status: the agent, or the system (On Call, After Call Work, and Tech Issues when
 * an available agent's every live connection was gone past the presence grace).
 */
export const statusSetters = ['agent', 'system'] as const;
export type StatusSetBy = (typeof statusSetters)[number];

/** The status before any is set, and the only one an agent may sign out in. */
export const INITIAL_STATUS: AgentStatus = 'gone_home';

/** The label of a status; an unknown status shows its raw value (spec §3). */
export function statusLabel(status: string) {
  return (
    (statusCatalogue as Record<string, { label: string } | undefined>)[status]?.label ?? status
  );
}
