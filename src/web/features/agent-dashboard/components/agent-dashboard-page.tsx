import { Button, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { useDeferredValue, useEffect } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { useSession } from '../../../lib/session';
import { type AgentSnapshot, useAgentState } from '../api/get-agent-state';
import { ActivityLog } from './activity-log';
import { AgentIdentity } from './agent-identity';
import { CallNoticeAlert } from './call-notice-alert';
import { Dialer } from './dialer';
import { InteractionsPanel } from './interactions-panel';
import { StatusSelector } from './status-selector';
import { ZoneClocks } from './zone-clocks';
import classes from './agent-dashboard-page.module.css';

/** Why the system set Tech Issues (presence hygiene): the agent's every connection was gone. */
export const PRESENCE_LOST_NOTICE =
  'Your connection was lost while you were Available, so the system set Tech Issues and stopped offering you calls. Choose your status to continue.';

/** Why the system set Tech Issues after offers missed in a row (the call engine). */
export const missedCallsNotice = (count: number) =>
  `You missed ${count} calls in a row, so calls were paused. Choose your status to continue.`;

/**
 * Spec §2 'Employee dashboard', the softphone: clocks, who and in which status, the
 * Interactions panel, the Dialer and the Activity Log. The agent's state comes from the
 * shell's query, kept current by the live socket.
 */
export function AgentDashboardPage() {
  const agentState = useAgentState();
  const snapshot = agentState.data;
  // The softphone first renders as a deferred update, in slices (see AppGate); its live
  // updates after that render at once.
  const isShown = useDeferredValue(snapshot !== undefined, false);

  useEffect(() => {
    if (agentState.error) console.error('The agent state could not be loaded', agentState.error);
  }, [agentState.error]);

  return (
    <Stack gap="lg">
      <Title order={2}>Switchboard Agent Dashboard</Title>
      <ZoneClocks clock={snapshot ?? { clockOffsetMs: 0 }} />
      {snapshot && isShown ? (
        <Softphone snapshot={snapshot} />
      ) : agentState.isError ? (
        <FormAlert tone="error" title="Your status could not be loaded">
          <Button size="xs" variant="light" mt="xs" onClick={() => void agentState.refetch()}>
            Try again
          </Button>
        </FormAlert>
      ) : (
        <Group justify="center" py="xl" role="status" aria-label="Loading">
          <Loader />
        </Group>
      )}
    </Stack>
  );
}

function Softphone({ snapshot }: { snapshot: AgentSnapshot }) {
  const { data: user } = useSession();
  const { status, setBy, missedInARow } = snapshot.state;
  return (
    // The call beside the Dialer and the log on a laptop's screen: opening the Dialer moves the
    // log down, never the call out of view.
    <div className={classes.columns}>
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <AgentIdentity username={user?.username ?? ''} status={status} />
            {status === 'tech_issues' && setBy === 'system' && (
              <CallNoticeAlert
                notice={{
                  tone: 'info',
                  message: missedInARow ? missedCallsNotice(missedInARow) : PRESENCE_LOST_NOTICE,
                }}
              />
            )}
            <StatusSelector snapshot={snapshot} />
          </Stack>
        </Paper>
        <InteractionsPanel snapshot={snapshot} />
      </Stack>
      <Stack gap="md">
        <Dialer status={status} hasCall={snapshot.state.call !== null} />
        <ActivityLog />
      </Stack>
    </div>
  );
}
