import { sql } from 'kysely';
import type { WebSocket } from 'ws';
import { type LiveEvent, liveCloseCodes, liveCloseReasons } from '../../../shared/live';
import type { AgentState } from '../../../shared/schemas/agent';
import type { Db, Listen } from '../../platform/database';

/** The NOTIFY channel live events travel on between server processes. */
export const LIVE_CHANNEL = 'switchboard_live';

/** What services call after they change an agent's state: every process pushes it on. */
export interface LivePublisher {
  agentChanged(...userIds: string[]): Promise<void>;
}

interface LocalSocket {
  socket: WebSocket;
  connectionId: string;
  sessionId: string;
  /** Real (monotonic) time of the last pong: transport liveness, not the app's clock. */
  lastPong: number;
}

interface LiveHubOptions {
  db: Db;
  listen: Listen;
  /** This process, in live_connections. */
  instanceId: string;
  /** The agent's state now, as sent in `agent.state`. */
  stateOf(userId: string): Promise<AgentState>;
  /** A socket silent to pings for this long (real time) is dropped as dead. */
  deadAfterMs: number;
  /** Sessions unused this long have ended (as sign-in checks), and so have their sockets. */
  sessionIdleMs: number;
  log: { warn(details: object, message: string): void };
}

/**
 * The live sockets of this process, and the bridge to the others: a change is published
 * with NOTIFY (delivered on commit, to every process including this one), and each
 * process sends the agent's fresh state to the sockets it holds for that agent.
 */
export function createLiveHub(options: LiveHubOptions) {
  const { db, instanceId, log } = options;
  const sockets = new Map<string, Set<LocalSocket>>();
  /** Per agent: a push in flight, and whether another change came in meanwhile. */
  const pushes = new Map<string, { again: boolean }>();
  let stopListening: (() => Promise<void>) | undefined;
  let closing = false;

  function send(socket: WebSocket, event: LiveEvent) {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
  }

  /** Sends the agent's state to its sockets here; changes arriving meanwhile are coalesced. */
  function push(userId: string) {
    if (!sockets.has(userId)) return;
    const running = pushes.get(userId);
    if (running) {
      running.again = true;
      return;
    }
    const entry = { again: false };
    pushes.set(userId, entry);
    void (async () => {
      do {
        entry.again = false;
        try {
          const state = await options.stateOf(userId);
          for (const local of sockets.get(userId) ?? []) {
            send(local.socket, { type: 'agent.state', state });
          }
        } catch (error) {
          log.warn({ err: error, userId }, 'live: could not push the agent state');
        }
      } while (entry.again);
      pushes.delete(userId);
    })();
  }

  function onPayload(payload: string) {
    try {
      const { userIds } = JSON.parse(payload) as { userIds: string[] };
      for (const userId of userIds) push(userId);
    } catch (error) {
      log.warn({ err: error }, 'live: unreadable notification');
    }
  }

  return {
    async start() {
      // After a lost LISTEN connection, changes made meanwhile were not heard: resend all.
      stopListening = await options.listen(LIVE_CHANNEL, onPayload, () => {
        for (const userId of sockets.keys()) push(userId);
      });
    },

    async agentChanged(...userIds: string[]) {
      if (userIds.length === 0) return;
      // NOTIFY payloads are capped at 8000 bytes: 100 ids is well under.
      for (let i = 0; i < userIds.length; i += 100) {
        const payload = JSON.stringify({ userIds: userIds.slice(i, i + 100) });
        try {
          await sql`SELECT pg_notify(${LIVE_CHANNEL}, ${payload})`.execute(db);
        } catch (error) {
          log.warn({ err: error }, 'live: could not publish a change');
        }
      }
    },

    /** Registers an agent's socket: recorded as a live connection, sent the state at once. */
    async attach(socket: WebSocket, userId: string, sessionId: string, now: Date) {
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
        lastPong: performance.now(),
      };
      const own = sockets.get(userId) ?? new Set<LocalSocket>();
      own.add(local);
      sockets.set(userId, own);
      socket.on('pong', () => {
        local.lastPong = performance.now();
      });
      push(userId);
      return local;
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
    },

    /**
     * Every heartbeat: this process's sockets are still here (seen_at), a socket silent to
     * pings is dropped, and one whose session has ended (sign-out, password change,
     * deletion) is closed.
     */
    async heartbeat(now: Date) {
      await db
        .updateTable('live_connections')
        .set({ seen_at: now })
        .where('instance_id', '=', instanceId)
        .where('closed_at', 'is', null)
        .execute();
      const all = [...sockets.values()].flatMap((own) => [...own]);
      if (all.length === 0) return;
      const sessionIds = [...new Set(all.map((local) => local.sessionId))];
      const live = await db
        .selectFrom('auth_sessions')
        .select('id')
        .where('id', 'in', sessionIds)
        .where('last_seen_at', '>=', new Date(now.getTime() - options.sessionIdleMs))
        .execute();
      const liveIds = new Set(live.map((row) => row.id));
      for (const local of all) {
        if (!liveIds.has(local.sessionId)) {
          local.socket.close(liveCloseCodes.notSignedIn, liveCloseReasons.notSignedIn);
        } else if (performance.now() - local.lastPong > options.deadAfterMs) {
          local.socket.terminate();
        } else if (local.socket.readyState === local.socket.OPEN) {
          local.socket.ping();
        }
      }
    },

    /** Shutting down: stop listening, close the sockets (clients reconnect elsewhere). */
    async close(now: Date) {
      closing = true;
      await stopListening?.();
      for (const own of sockets.values()) {
        for (const local of own) local.socket.close(1012, 'Server restarting');
      }
      await db
        .updateTable('live_connections')
        .set({ seen_at: now, closed_at: now })
        .where('instance_id', '=', instanceId)
        .where('closed_at', 'is', null)
        .execute();
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;
