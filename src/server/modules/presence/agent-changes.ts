import type { AppContext } from '../../platform/context';
import type { Listen } from '../../platform/database';
import {
  type AgentChange,
  LIVE_CHANNEL,
  type LiveHub,
  type LiveNotification,
} from '../live/live-hub';
import { stateReadFromAnnouncedRow } from './presence.repository';
import { toAgentState } from './presence.service';

type Log = { warn(details: object, message: string): void };

/**
 * A notification decoded into the change the live hub takes: the state an agent's action
 * committed (`announce_agent_state`), or else agents to read afresh. An announced state that
 * cannot be read is read afresh too. Throws on a payload that is not a notification.
 */
export function decodeAgentChange(ctx: AppContext, payload: string, log: Log): AgentChange {
  const { userIds, queueTeamIds, at, row, tab } = JSON.parse(payload) as LiveNotification;
  if (Array.isArray(queueTeamIds)) return { kind: 'queuesChanged', teamIds: queueTeamIds };
  if (!Array.isArray(userIds)) throw new Error('a live notification without userIds');
  const [agentId] = userIds;
  if (at && row && agentId && userIds.length === 1) {
    try {
      const state = toAgentState(ctx, new Date(at), stateReadFromAnnouncedRow(row));
      return { kind: 'stateCommitted', agentId, state, askingTab: tab ?? null };
    } catch (error) {
      log.warn({ err: error }, 'live: unreadable announced state');
    }
  }
  return { kind: 'agentsChanged', agentIds: userIds };
}

/**
 * Hears every agent change any process commits (NOTIFY on LIVE_CHANNEL, delivered on commit)
 * and hands each to the hub as a typed change; when a lost LISTEN connection is back, the hub
 * sends everything afresh, as changes meanwhile went unheard. Answers how to stop listening.
 */
export function listenForAgentChanges(
  ctx: AppContext,
  listen: Listen,
  hub: Pick<LiveHub, 'receive' | 'resendAll'>,
  log: Log,
) {
  return listen(
    LIVE_CHANNEL,
    (payload) => {
      let change: AgentChange;
      try {
        change = decodeAgentChange(ctx, payload, log);
      } catch (error) {
        log.warn({ err: error }, 'live: unreadable notification');
        return;
      }
      try {
        hub.receive(change);
      } catch (error) {
        log.warn({ err: error }, 'live: could not pass a change on');
      }
    },
    () => hub.resendAll(),
  );
}
