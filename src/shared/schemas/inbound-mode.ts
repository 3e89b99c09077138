/**
 * How a team's inbound calls come: 'per-agent' (spec §4: each Available agent is offered a call
 * of their own after a delay) or 'queue' (callers arrive at the team's rate, wait first come
 * first served for the agent idle longest, and give up past their patience). A module of its
 * own: the live floor's schema (in every page's bundle) needs only this of the queue settings.
 */
export const inboundModes = ['per-agent', 'queue'] as const;
export type InboundMode = (typeof inboundModes)[number];
