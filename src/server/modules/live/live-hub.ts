import { sql } from 'kysely';
import type { WebSocket } from 'ws';
import {
  type LiveEvent,
  liveCloseCodes,
  liveCloseReasons,
  liveRetryCloseCodes,
} from '../../../shared/live';
import type { AgentState } from '../../../shared/schemas/agent';
import type { FloorAgent, FloorQueue } from '../../../shared/schemas/floor';
import { type Db, executePrepared } from '../../platform/database';
import type { EmployeeScope } from '../employees/employees.repository';
import { instanceKey } from './connection-liveness';

/** After a failed floor query, every watcher is sent the floor again this much later. */
const FLOOR_RETRY_MS = 1000;

/** The NOTIFY channel live events travel on between server processes. */
export const LIVE_CHANNEL = 'switchboard_live';

/** What services call after they change an agent's state: every process pushes it on. */
export interface LivePublisher {
  agentChanged(...userIds: string[]): Promise<void>;
  /**
   * The same, inside the transaction `db` that makes the change: NOTIFY is delivered on commit
   * (never for a rolled-back change) and costs no transaction, or WAL flush, of its own.
   */
  agentChangedIn(db: Db, ...userIds: string[]): Promise<void>;
  /** A change to teams' queues that no agent's change carries (arrivals, settings, deletion). */
  queuesChanged(...teamIds: string[]): Promise<void>;
  queuesChangedIn(db: Db, ...teamIds: string[]): Promise<void>;
}

/**
 * A notification on LIVE_CHANNEL: the agents that changed and, from an agent's action
 * (`announce_agent_state`, db/sql/live-announce.sql), the state it committed as its database
 * row, the time it used, and the tab that asked for it, if it said.
 */
export interface LiveNotification {
  userIds: string[];
  /** Teams whose queue changed (their tiles on the live floor). */
  queueTeamIds?: string[];
  at?: string;
  row?: Record<string, unknown>;
  tab?: string | null;
}

/**
 * A change as the hub receives it, decoded from a notification (presence/agent-changes.ts):
 * agents whose state is to be read afresh, or the state an agent's action committed, with the
 * browser tab that asked for it (which has that state in its answer and is not sent it again).
 */
export type AgentChange =
  | { kind: 'agentsChanged'; agentIds: readonly string[] }
  | { kind: 'queuesChanged'; teamIds: readonly string[] }
  | { kind: 'stateCommitted'; agentId: string; state: AgentState; askingTab: string | null };

/** NOTIFY payloads are capped at 8000 bytes (UTF-8): 100 ids are under. */
function notify(db: Db, payload: LiveNotification) {
  return executePrepared(
    db,
    sql`SELECT pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(payload)})`.compile(db),
  );
}

async function notifyAgentsChanged(db: Db, userIds: readonly string[]) {
  for (let i = 0; i < userIds.length; i += 100) {
    await notify(db, { userIds: userIds.slice(i, i + 100) });
  }
}

interface LocalSocket {
  socket: WebSocket;
  connectionId: string;
  sessionId: string;
  /** The browser tab's id, once its socket has given one (LIVE_TAB_HEADER). */
  browserTab: { id?: string };
  /** Real (monotonic) time of the last pong: transport liveness, not the app's clock. */
  lastPong: number;
  /** Real time of the oldest ping not answered yet, if any. */
  unansweredPingAt?: number;
}

/** An admin's socket on the live floor view. */
interface FloorWatcher {
  socket: WebSocket;
  userId: string;
  sessionId: string;
  scope: EmployeeScope;
  /** The agents this watcher was last told about: a change that takes one out says so. */
  shown: Set<string>;
  /** Likewise the teams' queues. */
  shownQueues: Set<string>;
  /** Sent its first snapshot: changes read before it would overtake it, so it gets none. */
  hasSnapshot: boolean;
  lastPong: number;
  unansweredPingAt?: number;
}

interface LiveHubOptions {
  db: Db;
  /** This process, in live_connections. */
  instanceId: string;
  /** The agent's state now, as sent in `agent.state`. */
  stateOf(userId: string): Promise<AgentState>;
  /** The floor entries of these agents (any team), or of everyone in `scope`. */
  floorOf(scope: EmployeeScope, ids?: readonly string[]): Promise<FloorAgent[]>;
  /** The queues of these teams (any), or of every team in `scope`. */
  queuesOf(scope: EmployeeScope, teamIds?: readonly string[]): Promise<FloorQueue[]>;
  /** Each admin's scope now; an id missing is no longer an admin. */
  scopesOf(userIds: readonly string[]): Promise<Map<string, EmployeeScope>>;
  now(): Date;
  /** A socket silent to pings for this long (real time) is dropped as dead. */
  deadAfterMs: number;
  /** Sessions unused this long have ended (as sign-in checks), and so have their sockets. */
  sessionIdleMs: number;
  log: { warn(details: object, message: string): void };
}

/**
 * The live sockets of this process, and the bridge to the others: a change is published
 * with NOTIFY (delivered on commit, to every process including this one), each process
 * receives it (`receive`, decoded by presence/agent-changes.ts), and sends the agent's state
 * to the sockets it holds for that agent and the change to its floor watchers.
 */
export function createLiveHub(options: LiveHubOptions) {
  const { db, instanceId, log } = options;
  const sockets = new Map<string, Set<LocalSocket>>();
  /** Per agent: a push in flight, and whether another change came in meanwhile. */
  const pushes = new Map<string, { again: boolean }>();
  const watchers = new Set<FloorWatcher>();
  let closing = false;
  let isDatabaseReachable = true;

  function send(socket: WebSocket, event: LiveEvent) {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
  }

  /**
   * The floor's work runs one task at a time, so what a watcher is sent follows the order
   * the database saw: a snapshot is never overtaken by an older change, nor the reverse.
   * Changed agents waiting meanwhile are gathered into one query, and changed queues (theirs
   * and others) into another.
   */
  const changedAgents = new Set<string>();
  const changedQueues = new Set<string>();
  const snapshotsDue = new Set<FloorWatcher>();
  let isFloorBusy = false;

  function floorWork() {
    if (isFloorBusy) return;
    isFloorBusy = true;
    void (async () => {
      while (snapshotsDue.size > 0 || changedAgents.size > 0 || changedQueues.size > 0) {
        try {
          if (snapshotsDue.size > 0) {
            const [watcher] = snapshotsDue;
            snapshotsDue.delete(watcher as FloorWatcher);
            await sendSnapshot(watcher as FloorWatcher);
          } else {
            const ids = [...changedAgents];
            changedAgents.clear();
            const teamIds = await sendChanges(ids);
            for (const teamId of teamIds) changedQueues.add(teamId);
            const queueIds = [...changedQueues];
            changedQueues.clear();
            await sendQueueChanges(queueIds);
          }
        } catch (error) {
          // Changes may be lost with the failed query: every watcher gets the floor afresh.
          log.warn({ err: error }, 'live: could not update the floor view');
          if (!closing) setTimeout(() => resendSnapshots(watchers), FLOOR_RETRY_MS).unref();
        }
      }
      isFloorBusy = false;
    })();
  }

  async function sendSnapshot(watcher: FloorWatcher) {
    if (!watchers.has(watcher)) return;
    const serverNow = options.now().toISOString();
    const [agents, queues] = await Promise.all([
      options.floorOf(watcher.scope),
      options.queuesOf(watcher.scope),
    ]);
    watcher.shown = new Set(agents.map((agent) => agent.id));
    watcher.shownQueues = new Set(queues.map((queue) => queue.teamId));
    watcher.hasSnapshot = true;
    send(watcher.socket, { type: 'floor.snapshot', floor: { serverNow, agents, queues } });
  }

  /** A team's queue to each watcher whose scope holds it, or its end to those shown it. */
  async function sendQueueChanges(teamIds: string[]) {
    if (watchers.size === 0 || teamIds.length === 0) return;
    const serverNow = options.now().toISOString();
    const queues = new Map(
      (await options.queuesOf({ all: true }, teamIds)).map((queue) => [queue.teamId, queue]),
    );
    for (const watcher of watchers) {
      if (!watcher.hasSnapshot) continue;
      for (const teamId of teamIds) {
        const queue = queues.get(teamId);
        if (queue && ('all' in watcher.scope || watcher.scope.teamId === teamId)) {
          watcher.shownQueues.add(teamId);
          send(watcher.socket, { type: 'floor.queue', teamId, queue, serverNow });
        } else if (watcher.shownQueues.delete(teamId)) {
          send(watcher.socket, { type: 'floor.queue', teamId, queue: null, serverNow });
        }
      }
    }
  }

  /** Sends the agents' changes; answers their teams, whose queues may have changed with them. */
  async function sendChanges(ids: string[]) {
    if (watchers.size === 0 || ids.length === 0) return [];
    const serverNow = options.now().toISOString();
    const agents = new Map(
      (await options.floorOf({ all: true }, ids)).map((agent) => [agent.id, agent]),
    );
    for (const watcher of watchers) {
      // A watcher that came in while the changes were read gets them in its snapshot, next.
      if (!watcher.hasSnapshot) continue;
      for (const agentId of ids) {
        const agent = agents.get(agentId);
        if (agent && ('all' in watcher.scope || watcher.scope.teamId === agent.teamId)) {
          watcher.shown.add(agentId);
          send(watcher.socket, { type: 'floor.agent', agentId, agent, serverNow });
        } else if (watcher.shown.delete(agentId)) {
          send(watcher.socket, { type: 'floor.agent', agentId, agent: null, serverNow });
        }
      }
    }
    return new Set([...agents.values()].flatMap((agent) => agent.teamId ?? []));
  }

  function floorChanged(userIds: readonly string[]) {
    if (watchers.size === 0) return;
    for (const userId of userIds) changedAgents.add(userId);
    floorWork();
  }

  function queuesChanged(teamIds: readonly string[]) {
    if (watchers.size === 0) return;
    for (const teamId of teamIds) changedQueues.add(teamId);
    floorWork();
  }

  function resendSnapshots(which: Iterable<FloorWatcher>) {
    for (const watcher of which) snapshotsDue.add(watcher);
    floorWork();
  }

  /**
   * Session ended, or dead: the same checks for an agent's socket and a watcher's. Dead means
   * a ping unanswered for deadAfterMs — counted from the ping, so a heartbeat that comes late
   * (a busy process) does not drop sockets that answered every ping they were sent.
   */
  function checkSocket(
    local: { socket: WebSocket; sessionId: string; lastPong: number; unansweredPingAt?: number },
    liveSessionIds: ReadonlySet<string>,
  ) {
    const now = performance.now();
    const unansweredSince =
      local.unansweredPingAt !== undefined && local.lastPong < local.unansweredPingAt
        ? local.unansweredPingAt
        : undefined;
    if (!liveSessionIds.has(local.sessionId)) {
      local.socket.close(liveCloseCodes.notSignedIn, liveCloseReasons.notSignedIn);
    } else if (unansweredSince !== undefined && now - unansweredSince > options.deadAfterMs) {
      local.socket.terminate();
    } else if (local.socket.readyState === local.socket.OPEN) {
      local.unansweredPingAt = unansweredSince ?? now;
      local.socket.ping();
    }
  }

  /** Scope reads started, and the latest of them whose answer was applied. */
  let scopeReads = 0;
  let scopeReadApplied = 0;

  /**
   * A watcher's admin whose team changed gets the floor of their new scope. Only the watchers
   * asked about are judged: one that came in while the scopes were read has its scope from
   * its own check at connection (until the next heartbeat), and is not in the answer. Reads
   * overlap (heartbeat, notification): an answer older than one applied already is dropped.
   */
  async function refreshScopes() {
    if (watchers.size === 0) return;
    const read = ++scopeReads;
    const judged = [...watchers];
    const scopes = await options.scopesOf([...new Set(judged.map((w) => w.userId))]);
    if (read < scopeReadApplied) return;
    scopeReadApplied = read;
    for (const watcher of judged) {
      if (!watchers.has(watcher)) continue; // gone meanwhile
      const scope = scopes.get(watcher.userId);
      if (!scope) {
        watcher.socket.close(liveCloseCodes.forbidden, liveCloseReasons.forbidden);
      } else if (JSON.stringify(scope) !== JSON.stringify(watcher.scope)) {
        watcher.scope = scope;
        resendSnapshots([watcher]);
      }
    }
  }

  function sendState(userId: string, state: AgentState, exceptTab?: string) {
    for (const local of sockets.get(userId) ?? []) {
      if (exceptTab === undefined || local.browserTab.id !== exceptTab) {
        send(local.socket, { type: 'agent.state', state });
      }
    }
  }

  /**
   * Sends the agent's state to its sockets here: the state the change committed when it came
   * with one (not to the tab that asked for the change: it has that state in its answer), else
   * read afresh; changes arriving during a read are coalesced into one more.
   */
  function push(userId: string, committed?: AgentState, exceptTab?: string) {
    if (!sockets.has(userId)) return;
    const running = pushes.get(userId);
    if (running) {
      // A read in flight may have started before this change: read once more after it.
      running.again = true;
      return;
    }
    if (committed) {
      sendState(userId, committed, exceptTab);
      return;
    }
    const entry = { again: false };
    pushes.set(userId, entry);
    void (async () => {
      do {
        entry.again = false;
        try {
          sendState(userId, await options.stateOf(userId));
        } catch (error) {
          log.warn({ err: error, userId }, 'live: could not push the agent state');
        }
      } while (entry.again);
      pushes.delete(userId);
    })();
  }

  return {
    /**
     * A change any process committed: pushed to this process's sockets of its agents, and to
     * the floor watchers whose scope holds them.
     */
    receive(change: AgentChange) {
      if (change.kind === 'queuesChanged') {
        queuesChanged(change.teamIds);
        return;
      }
      const agentIds = change.kind === 'stateCommitted' ? [change.agentId] : change.agentIds;
      if (change.kind === 'stateCommitted') {
        const own = sockets.get(change.agentId);
        // Not when the asking tab's sockets are the only ones here: it has the state already.
        if (own && ![...own].every((local) => local.browserTab.id === change.askingTab)) {
          push(change.agentId, change.state, change.askingTab ?? undefined);
        }
      } else {
        for (const agentId of agentIds) push(agentId);
      }
      // A watching admin changed (moved team): their scope first, so nothing of the old
      // scope is sent on.
      if ([...watchers].some((watcher) => agentIds.includes(watcher.userId))) {
        void refreshScopes()
          .catch((error: unknown) => log.warn({ err: error }, 'live: scope refresh failed'))
          .finally(() => floorChanged(agentIds));
      } else {
        floorChanged(agentIds);
      }
    },

    /** Changes may have gone unheard (a lost LISTEN connection): everything is sent afresh. */
    resendAll() {
      for (const userId of sockets.keys()) push(userId);
      resendSnapshots(watchers);
    },

    async agentChanged(...userIds: string[]) {
      if (userIds.length === 0) return;
      try {
        await notifyAgentsChanged(db, userIds);
      } catch (error) {
        log.warn({ err: error }, 'live: could not publish a change');
      }
    },

    agentChangedIn(trx: Db, ...userIds: string[]) {
      return notifyAgentsChanged(trx, userIds);
    },

    async queuesChanged(...teamIds: string[]) {
      if (teamIds.length === 0) return;
      try {
        await notify(db, { userIds: [], queueTeamIds: teamIds });
      } catch (error) {
        log.warn({ err: error }, 'live: could not publish a change');
      }
    },

    async queuesChangedIn(trx: Db, ...teamIds: string[]) {
      if (teamIds.length > 0) await notify(trx, { userIds: [], queueTeamIds: teamIds });
    },

    /**
     * The call engine found the database gone, or back: every socket of this process is told
     * when that changes, so its page can say it is reconnecting, then fetch what it missed.
     */
    databaseReachable(reachable: boolean) {
      if (reachable === isDatabaseReachable) return;
      isDatabaseReachable = reachable;
      const event: LiveEvent = { type: 'server.database', reachable };
      for (const own of sockets.values()) for (const local of own) send(local.socket, event);
      for (const watcher of watchers) send(watcher.socket, event);
    },

    /**
     * Registers an agent's socket (its browser tab's id in `browserTab`, once it gives one):
     * recorded as a live connection, sent the state at once.
     */
    async attach(
      socket: WebSocket,
      userId: string,
      sessionId: string,
      now: Date,
      browserTab: { id?: string } = {},
    ) {
      const row = await db
        .insertInto('live_connections')
        .values({
          user_id: userId,
          session_id: sessionId,
          instance_id: instanceId,
          opened_at: now,
          seen_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const local: LocalSocket = {
        socket,
        connectionId: row.id,
        sessionId,
        browserTab,
        lastPong: performance.now(),
      };
      const own = sockets.get(userId) ?? new Set<LocalSocket>();
      own.add(local);
      sockets.set(userId, own);
      socket.on('pong', () => {
        local.lastPong = performance.now();
      });
      push(userId);
      // The floor view shows who has the softphone open.
      if (own.size === 1) await this.agentChanged(userId);
      return local;
    },

    /** Registers an admin's socket on the live floor view: sent the floor at once. */
    watch(socket: WebSocket, userId: string, sessionId: string, scope: EmployeeScope) {
      const watcher: FloorWatcher = {
        socket,
        userId,
        sessionId,
        scope,
        shown: new Set(),
        shownQueues: new Set(),
        hasSnapshot: false,
        lastPong: performance.now(),
      };
      watchers.add(watcher);
      socket.on('pong', () => {
        watcher.lastPong = performance.now();
      });
      socket.on('close', () => watchers.delete(watcher));
      resendSnapshots([watcher]);
    },

    /** The socket closed: its connection row keeps the moment, for the disconnect grace. */
    async detach(userId: string, local: LocalSocket, now: Date) {
      const own = sockets.get(userId);
      own?.delete(local);
      if (own?.size === 0) sockets.delete(userId);
      if (closing) return; // close() records every socket of this process at once
      await db
        .updateTable('live_connections')
        .set({ seen_at: now, closed_at: now })
        .where('id', '=', local.connectionId)
        .execute();
      if (!sockets.has(userId)) await this.agentChanged(userId);
    },

    /**
     * Every heartbeat: this process's sockets are still here (its heartbeat row), a socket silent to
     * pings is dropped, and one whose session has ended (sign-out, password change,
     * deletion) is closed. `through` is the connection to write with (the call engine's own,
     * so a busy pool does not make a live process look dead).
     */
    async heartbeat(now: Date, through: Db = db) {
      // One row for all of this process's sockets (see connection-liveness.ts).
      await through
        .insertInto('app_settings')
        .values({ key: instanceKey(instanceId), value: now.toISOString() })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: now.toISOString() }))
        .execute();
      const all = [...[...sockets.values()].flatMap((own) => [...own]), ...watchers];
      if (all.length === 0) return;
      const sessionIds = [...new Set(all.map((local) => local.sessionId))];
      const live = await through
        .selectFrom('auth_sessions')
        .select('id')
        .where('id', 'in', sessionIds)
        .where('last_seen_at', '>=', new Date(now.getTime() - options.sessionIdleMs))
        .execute();
      const liveIds = new Set(live.map((row) => row.id));
      for (const local of all) checkSocket(local, liveIds);
      await refreshScopes();
    },

    /** Shutting down (after listening stopped): close the sockets (clients reconnect elsewhere). */
    async close(now: Date) {
      closing = true;
      const restarting = [
        liveRetryCloseCodes.serverRestarting,
        liveCloseReasons.serverRestarting,
      ] as const;
      for (const own of sockets.values()) {
        for (const local of own) local.socket.close(...restarting);
      }
      for (const watcher of watchers) watcher.socket.close(...restarting);
      const closed = await db
        .updateTable('live_connections')
        .set({ seen_at: now, closed_at: now })
        .where('instance_id', '=', instanceId)
        .where('closed_at', 'is', null)
        .returning('user_id')
        .execute();
      await db.deleteFrom('app_settings').where('key', '=', instanceKey(instanceId)).execute();
      // Other processes' floor views: these softphones went offline with this process.
      await this.agentChanged(...new Set(closed.map((row) => row.user_id)));
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
