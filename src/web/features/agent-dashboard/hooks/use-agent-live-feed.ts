import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  LIVE_PATH,
  type LiveTabMessage,
  liveCloseCodes,
  liveEventSchema,
} from '../../../../shared/live';
import { connectLiveSocket, liveSocketUrl } from '../../../lib/live-socket';
import { sessionQueryKey } from '../../../lib/session';
import { agentStateQueryKey } from '../../../lib/query-keys';
import {
  type AgentSnapshot,
  pushedSnapshot,
  refreshAgentActivity,
  resyncAgentState,
  storeAgentSnapshot,
} from '../api/get-agent-state';
import { liveTab } from '../api/live-tab';

/**
 * Keeps the agent's state current over the live socket (named as this tab: see live-tab) while
 * the agent side is open: an `agent.state` event with a newer state replaces the held one (on
 * the held one's clock offset: see pushedSnapshot) and refreshes the Activity Log; a reconnect fetches
 * whatever was missed, and so does the page waking up (visible again, back online), when the
 * socket may be half-open. 4401 means the session is gone: asking who is signed in again sends
 * the page to sign-in. Returns whether the page is reconnecting: the socket dropped, or the
 * server lost its database, and nothing has come since to say it is back.
 */
export function useAgentLiveFeed() {
  const queryClient = useQueryClient();
  const [isReconnecting, setIsReconnecting] = useState(false);
  useEffect(() => {
    const socket = connectLiveSocket({
      url: liveSocketUrl(LIVE_PATH, window.location),
      greeting: JSON.stringify({ type: 'tab', tab: liveTab } satisfies LiveTabMessage),
      schema: liveEventSchema,
      finalCloseCodes: Object.values(liveCloseCodes),
      onEvent: (event, receivedAt) => {
        setIsReconnecting(event.type === 'server.database' && !event.reachable);
        switch (event.type) {
          case 'agent.state':
            // A call's end or a missed ring changes the state: only a new state can bring
            // a new Activity Log row.
            if (
              storeAgentSnapshot(
                queryClient,
                pushedSnapshot(
                  event.state,
                  receivedAt,
                  queryClient.getQueryData<AgentSnapshot>(agentStateQueryKey),
                ),
              )
            ) {
              void refreshAgentActivity(queryClient);
            }
            break;
          case 'server.database':
            if (event.reachable) void resyncAgentState(queryClient);
            break;
          case 'floor.snapshot':
          case 'floor.agent':
          case 'floor.queue':
            break; // an admin's events: never sent to an agent
        }
      },
      onDrop: () => setIsReconnecting(true),
      onReconnect: () => void resyncAgentState(queryClient),
      onWake: () => void resyncAgentState(queryClient),
      onFinalClose: (code) => {
        if (code === liveCloseCodes.notSignedIn) {
          void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        } else {
          console.warn(`The live feed refused this page (close code ${code})`);
        }
      },
    });
    return () => socket.close();
  }, [queryClient]);
  return isReconnecting;
}
