import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { LIVE_PATH, liveCloseCodes, liveEventSchema } from '../../../../shared/live';
import { type Floor, type FloorAgent, floorSchema } from '../../../../shared/schemas/floor';
import { apiRequest } from '../../../lib/api-client';
import { measureClockOffset } from '../../../lib/clock-offset';
import { connectLiveSocket, liveSocketUrl } from '../../../lib/live-socket';
import { floorQueryKey } from '../../../lib/query-keys';
import { sessionQueryKey } from '../../../lib/session';

/** The floor as this page holds it: agents by username, and how far the server's clock is ahead. */
export interface FloorSnapshot {
  agents: FloorAgent[];
  clockOffsetMs: number;
}

const byUsername = (a: FloorAgent, b: FloorAgent) => a.username.localeCompare(b.username);

function snapshotOf(floor: Floor, sentAt: number, receivedAt = sentAt): FloorSnapshot {
  return {
    agents: [...floor.agents].sort(byUsername),
    clockOffsetMs: measureClockOffset(floor.serverNow, sentAt, receivedAt),
  };
}

async function getFloor(signal?: AbortSignal): Promise<FloorSnapshot> {
  const sentAt = Date.now();
  const floor = await apiRequest('/api/analytics/live', { schema: floorSchema, signal });
  return snapshotOf(floor, sentAt, Date.now());
}

/** One agent changed: replaced, added in username order, or (null) taken off the floor. */
export function applyFloorChange(
  floor: FloorSnapshot,
  agentId: string,
  agent: FloorAgent | null,
): FloorSnapshot {
  const others = floor.agents.filter((held) => held.id !== agentId);
  return { ...floor, agents: agent ? [...others, agent].sort(byUsername) : others };
}

function store(
  queryClient: QueryClient,
  update: (held: FloorSnapshot | undefined) => FloorSnapshot | undefined,
) {
  queryClient.setQueryData<FloorSnapshot>(floorQueryKey, update);
}

/**
 * The live floor: the snapshot from `GET /api/analytics/live`, then kept current by
 * the live socket — the server sends the whole floor on connect (and after anything it may
 * have missed), then each agent's change, in order. No polling. `isLive` says whether the
 * socket is up and the server has its database; `isReconnecting`, that they were and are not.
 */
export function useLiveFloor() {
  const queryClient = useQueryClient();
  const [isLive, setIsLive] = useState(false);
  /** The socket dropped, or the server lost its database, and nothing since says it is back. */
  const [isReconnecting, setIsReconnecting] = useState(false);
  /** When the socket last delivered (browser ms): an HTTP answer asked for before is older. */
  const socketEventAt = useRef(Number.NEGATIVE_INFINITY);
  const floor = useQuery({
    queryKey: floorQueryKey,
    queryFn: async ({ signal }) => {
      const sentAt = Date.now();
      const fetched = await getFloor(signal);
      const held = queryClient.getQueryData<FloorSnapshot>(floorQueryKey);
      return held && socketEventAt.current >= sentAt ? held : fetched;
    },
    staleTime: Infinity,
  });

  useEffect(() => {
    const socket = connectLiveSocket({
      url: liveSocketUrl(LIVE_PATH, window.location),
      schema: liveEventSchema,
      finalCloseCodes: Object.values(liveCloseCodes),
      onEvent: (event, receivedAt) => {
        socketEventAt.current = receivedAt;
        const isReachable = event.type !== 'server.database' || event.reachable;
        setIsLive(isReachable);
        setIsReconnecting(!isReachable);
        switch (event.type) {
          case 'floor.snapshot':
            store(queryClient, () => snapshotOf(event.floor, receivedAt));
            break;
          case 'floor.agent':
            store(queryClient, (held) =>
              held
                ? {
                    ...applyFloorChange(held, event.agentId, event.agent),
                    clockOffsetMs: measureClockOffset(event.serverNow, receivedAt),
                  }
                : held,
            );
            break;
          case 'server.database':
            // The server sends the floor again once its own listener is back; ask anyway.
            if (event.reachable) void queryClient.invalidateQueries({ queryKey: floorQueryKey });
            break;
          case 'agent.state':
            break;
        }
      },
      onDrop: () => {
        setIsLive(false);
        setIsReconnecting(true);
      },
      onWake: () => void queryClient.invalidateQueries({ queryKey: floorQueryKey }),
      onFinalClose: (code) => {
        setIsLive(false);
        if (code === liveCloseCodes.notSignedIn) {
          void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        } else {
          console.warn(`The live feed refused this page (close code ${code})`);
        }
      },
    });
    return () => socket.close();
  }, [queryClient]);

  return { floor, isLive, isReconnecting };
}
