import {
  type QueryClient,
  keepPreviousData,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LIVE_PATH, liveCloseCodes, liveEventSchema } from '../../../../shared/live';
import {
  type FloorAgent,
  type FloorPage,
  type FloorQueue,
  type FloorSortColumn,
  floorPageSchema,
} from '../../../../shared/schemas/floor';
import type { ListSort } from '../../../../shared/schemas/list';
import type { AgentStatus } from '../../../../shared/statuses';
import { apiRequest } from '../../../lib/api-client';
import {
  type ClockBounds,
  clockBounds,
  clockOffsetWithin,
  narrowClock,
} from '../../../lib/clock-offset';
import { connectLiveSocket, liveSocketUrl } from '../../../lib/live-socket';
import { floorQueryKey } from '../../../lib/query-keys';
import { sessionQueryKey } from '../../../lib/session';
import { type ValueStore, createValueStore, useValue } from '../../../lib/value-store';

/** A page of the floor as this page holds it, and how far the server's clock is ahead. */
export interface FloorView extends FloorPage {
  clockOffsetMs: number;
}

/** What the floor is asked for: the query string, and the sort and filter in it. */
export interface FloorListParams {
  queryString: string;
  sort: ListSort<FloorSortColumn> | undefined;
  status: AgentStatus | undefined;
}

/**
 * The page is read again at most this often however busy the floor, and never later than this
 * after a change that may move its rows.
 */
export const FLOOR_REFETCH_MS = 1000;

const floorPageQueryKey = (queryString: string) => [...floorQueryKey, queryString] as const;

/** The server's clock as every floor read of this page load has measured it. */
let floorClock: ClockBounds | undefined;

async function getFloorPage(queryString: string, signal?: AbortSignal): Promise<FloorView> {
  const sentAt = Date.now();
  const page = await apiRequest(`/api/analytics/live${queryString ? `?${queryString}` : ''}`, {
    schema: floorPageSchema,
    signal,
  });
  floorClock = narrowClock(floorClock, clockBounds(page.serverNow, sentAt, Date.now()));
  return { ...page, clockOffsetMs: clockOffsetWithin(floorClock) };
}

/**
 * Reads a page into the query cache before it is on screen. The page is read again as it
 * comes on screen (it is stale at once), then with the agents the socket knows.
 */
export function prefetchFloorPage(queryClient: QueryClient, queryString: string) {
  return queryClient.prefetchQuery({
    queryKey: floorPageQueryKey(queryString),
    queryFn: ({ signal }) => getFloorPage(queryString, signal),
  });
}

/**
 * Whether a change of one agent (`before` as last pushed, `after` as now; null: gone from the
 * scope) may change which agents belong on the page, their order or the counts beside them.
 * Anything else is shown by replacing the row where it is.
 */
export function movesRows(
  before: FloorAgent | undefined,
  after: FloorAgent | null,
  { sort, status }: Pick<FloorListParams, 'sort' | 'status'>,
) {
  if (!before || !after) return true;
  if (
    before.username !== after.username ||
    before.fullName !== after.fullName ||
    before.teamId !== after.teamId ||
    before.teamName !== after.teamName
  ) {
    return true;
  }
  const column = sort?.column;
  if (before.status !== after.status || before.since !== after.since) {
    if (status !== undefined || column === 'status' || column === 'since') return true;
  }
  if (column === 'call' && before.call?.since !== after.call?.since) return true;
  return column === 'softphone' && before.isConnected !== after.isConnected;
}

/**
 * The page's rows as the socket last told them. Which agents are on the page is the server's
 * answer: one the socket has not told of (joined since) stays as read.
 */
function withKnownRows(view: FloorView, known: ReadonlyMap<string, FloorAgent>): FloorView {
  return { ...view, agents: view.agents.map((agent) => known.get(agent.id) ?? agent) };
}

function withRow(view: FloorView, agentId: string, agent: FloorAgent | null): FloorView {
  if (!view.agents.some((held) => held.id === agentId)) return view;
  return {
    ...view,
    agents: agent
      ? view.agents.map((held) => (held.id === agentId ? agent : held))
      : view.agents.filter((held) => held.id !== agentId),
  };
}

function countByStatus(agents: Iterable<FloorAgent>) {
  const counts: Partial<Record<AgentStatus, number>> = {};
  for (const agent of agents) counts[agent.status] = (counts[agent.status] ?? 0) + 1;
  return counts;
}

type StatusCounts = Partial<Record<AgentStatus, number>>;

/**
 * The counts by status as the socket last told them (null: no socket to follow), outside React
 * state: a change re-renders the counts alone, not the page around them.
 */
export type LiveCounts = ValueStore<StatusCounts | null>;

/** The counts to show: the socket's, else the page's as read. */
export function useStatusCounts(liveCounts: LiveCounts, read: StatusCounts | undefined) {
  return useValue(liveCounts) ?? read ?? {};
}

/**
 * The teams' queues as the socket last told them (null: no socket to follow), by team name:
 * outside React state, as the counts are.
 */
export type LiveQueues = ValueStore<readonly FloorQueue[] | null>;

/** The queues to show: the socket's, else the page's as read. */
export function useQueues(liveQueues: LiveQueues, read: readonly FloorQueue[]) {
  return useValue(liveQueues) ?? read;
}

/** `queues` with one team's queue put in its place by name, or taken out (null). */
export function withQueue(
  queues: readonly FloorQueue[],
  teamId: string,
  queue: FloorQueue | null,
): FloorQueue[] {
  const others = queues.filter((held) => held.teamId !== teamId);
  if (!queue) return others;
  const at = others.findIndex(
    (held) => held.teamName.localeCompare(queue.teamName, 'en', { sensitivity: 'base' }) > 0,
  );
  return at === -1 ? [...others, queue] : others.toSpliced(at, 0, queue);
}

/** Runs `run` at once, or, within `intervalMs` of the last run, once at the end of it. */
function throttled(run: () => void, intervalMs: number) {
  let lastRun = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    timer = undefined;
    lastRun = Date.now();
    run();
  };
  return {
    request() {
      // A run already waiting starts after this change, and so covers it.
      if (timer !== undefined) return;
      timer = setTimeout(fire, Math.max(0, lastRun + intervalMs - Date.now()));
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/**
 * The live floor: a page from `GET /api/analytics/live`, kept current by the live socket. The
 * server sends the whole scope on connect (and after anything it may have missed), then each
 * agent's change, in order. A change shows in its row where it is; a change that may move rows
 * (an agent joining or leaving, a status change while the page is sorted or filtered by
 * status or time) reads the page again, at most once a FLOOR_REFETCH_MS. No polling. The
 * counts by status follow the socket once it has sent the scope. `isLive` says whether the
 * socket is up and the server has its database; `isReconnecting`, that they were and are not.
 */
export function useLiveFloor(params: FloorListParams) {
  const queryClient = useQueryClient();
  const [isLive, setIsLive] = useState(false);
  /** The socket dropped, or the server lost its database, and nothing since says it is back. */
  const [isReconnecting, setIsReconnecting] = useState(false);
  /** Every agent in scope as the socket last told; null until its first snapshot. */
  const known = useRef<Map<string, FloorAgent> | null>(null);
  /** The server's time of the socket's latest snapshot: a page read before it may miss changes. */
  const snapshotAt = useRef(Number.NEGATIVE_INFINITY);
  const [liveCounts] = useState(() => createValueStore<StatusCounts | null>(null));
  const [liveQueues] = useState(() => createValueStore<readonly FloorQueue[] | null>(null));
  const current = useRef(params);
  useEffect(() => {
    current.current = params;
  });
  const [refetch] = useState(() =>
    throttled(
      () => void queryClient.invalidateQueries({ queryKey: floorQueryKey }),
      FLOOR_REFETCH_MS,
    ),
  );

  const floor = useQuery({
    queryKey: floorPageQueryKey(params.queryString),
    queryFn: async ({ signal }) => {
      const fetched = await getFloorPage(params.queryString, signal);
      if (!known.current) {
        // No socket to follow: the counts and queues read now are the newest.
        liveCounts.set(null);
        liveQueues.set(null);
        return fetched;
      }
      if (snapshotAt.current > Date.parse(fetched.serverNow)) refetch.request();
      return withKnownRows(fetched, known.current);
    },
    // Only the page on screen is kept current: another one is read again when it comes back.
    staleTime: 0,
    // While the next page loads, the last one stays on screen instead of a blank table.
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    const pageOnScreen = () => floorPageQueryKey(current.current.queryString);
    // A change that leaves the page as it was (an agent on no row of it) is not written.
    const update = (change: (held: FloorView) => FloorView) =>
      queryClient.setQueryData<FloorView>(pageOnScreen(), (held) => {
        if (!held) return held;
        const next = change(held);
        return next === held ? undefined : next;
      });
    const socket = connectLiveSocket({
      url: liveSocketUrl(LIVE_PATH, window.location),
      schema: liveEventSchema,
      finalCloseCodes: Object.values(liveCloseCodes),
      onEvent: (event) => {
        const isReachable = event.type !== 'server.database' || event.reachable;
        setIsLive(isReachable);
        setIsReconnecting(!isReachable);
        switch (event.type) {
          case 'floor.snapshot': {
            const agents = new Map(event.floor.agents.map((agent) => [agent.id, agent]));
            known.current = agents;
            snapshotAt.current = Date.parse(event.floor.serverNow);
            liveCounts.set(countByStatus(agents.values()));
            liveQueues.set(event.floor.queues);
            // The page's clock offset stays the one its read measured over a round trip: a
            // push's travel time is unknown.
            update((held) => withKnownRows(held, agents));
            // A page being read is judged when it arrives.
            if (queryClient.isFetching({ queryKey: pageOnScreen() }) > 0) break;
            const held = queryClient.getQueryData<FloorView>(pageOnScreen());
            if (!held || snapshotAt.current > Date.parse(held.serverNow)) refetch.request();
            break;
          }
          case 'floor.agent': {
            const before = known.current?.get(event.agentId);
            if (known.current) {
              if (event.agent) known.current.set(event.agentId, event.agent);
              else known.current.delete(event.agentId);
              if (before?.status !== event.agent?.status) {
                liveCounts.set(countByStatus(known.current.values()));
              }
            }
            update((held) => withRow(held, event.agentId, event.agent));
            if (movesRows(before, event.agent, current.current)) refetch.request();
            break;
          }
          case 'floor.queue': {
            const held = liveQueues.get();
            if (held) liveQueues.set(withQueue(held, event.teamId, event.queue));
            break;
          }
          case 'server.database':
            // The server sends the floor again once its own listener is back; ask anyway.
            if (event.reachable) refetch.request();
            break;
          case 'agent.state':
            break;
        }
      },
      onDrop: () => {
        setIsLive(false);
        setIsReconnecting(true);
        // Changes go unheard until the next snapshot: the page is not patched from an old copy.
        known.current = null;
      },
      onWake: () => refetch.request(),
      onFinalClose: (code) => {
        setIsLive(false);
        if (code === liveCloseCodes.notSignedIn) {
          void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        } else {
          console.warn(`The live feed refused this page (close code ${code})`);
        }
      },
    });
    return () => {
      socket.close();
      refetch.cancel();
    };
  }, [queryClient, refetch, liveCounts, liveQueues]);

  return {
    floor,
    liveCounts,
    liveQueues,
    isLive,
    isReconnecting,
  };
}
