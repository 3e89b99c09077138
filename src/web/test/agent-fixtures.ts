import type { AgentState, CallLogEntry, CurrentCall } from '../../shared/schemas/agent';

/** The server's clock in agent tests: 10:00:00 AM Eastern on Friday, Nov 20. */
export const SERVER_NOW = '2026-11-20T15:00:00.000Z';

/** A moment `seconds` after (or, negative, before) SERVER_NOW. */
export function at(seconds: number) {
  return new Date(Date.parse(SERVER_NOW) + seconds * 1000).toISOString();
}

/** When the call centre's day of SERVER_NOW ends: midnight Eastern, 14 h later. */
export const DAY_ENDS_AT = '2026-11-21T05:00:00.000Z';

/**
 * GET /api/agent/state: Available for the last 5 minutes, 30 min Available and 10 min Break
 * so far today, no call — unless overridden. It last changed when its status began, unless
 * told.
 */
export function agentState(overrides: Partial<AgentState> = {}): AgentState {
  const since = overrides.since === undefined ? at(-300) : overrides.since;
  return {
    status: 'available',
    setBy: 'agent',
    missedInARow: null,
    since,
    changedAt: since,
    serverNow: SERVER_NOW,
    day: '2026-11-20',
    dayEndsAt: DAY_ENDS_AT,
    todaySeconds: { available: 1800, break: 600 },
    call: null,
    connectDelayMs: 2500,
    ...overrides,
  };
}

export const CALL_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/** An inbound call offered at SERVER_NOW, ringing for 20 s. */
export function ringingCall(overrides: Partial<CurrentCall> = {}): CurrentCall {
  return {
    id: CALL_ID,
    phoneNumber: '12125550187',
    callType: 'inbound',
    phase: 'ringing',
    offeredAt: SERVER_NOW,
    ringDeadline: at(20),
    answeredAt: null,
    notes: null,
    ...overrides,
  };
}

/** The same call answered `answeredSecondsAgo` before SERVER_NOW. */
export function activeCall(answeredSecondsAgo = 65, overrides: Partial<CurrentCall> = {}) {
  return ringingCall({
    phase: 'active',
    offeredAt: at(-answeredSecondsAgo - 4),
    ringDeadline: null,
    answeredAt: at(-answeredSecondsAgo),
    ...overrides,
  });
}

export function callLogEntry(overrides: Partial<CallLogEntry> = {}): CallLogEntry {
  return {
    id: '1b2c3d4e-0000-4000-8000-000000000001',
    phoneNumber: '13055550142',
    callType: 'inbound',
    timeReceived: '2026-11-20T14:30:05.000Z',
    callStatus: 'answered',
    durationSeconds: 125,
    notes: null,
    wrapUpCode: null,
    ...overrides,
  };
}
