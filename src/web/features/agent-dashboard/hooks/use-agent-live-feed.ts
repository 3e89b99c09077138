import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LIVE_PATH, liveCloseCodes, liveEventSchema } from '../../../../shared/live';
import { connectLiveSocket, liveSocketUrl } from '../../../lib/live-socket';
import { sessionQueryKey } from '../../../lib/session';
import {
  agentSnapshot,
  refreshAgentActivity,
  resyncAgentState,
  storeAgentSnapshot,
} from '../api/get-agent-state';

/**
 * Keeps the agent's state current over the live socket while the agent side is open: every
 * `agent.state` event replaces the held state (its clock offset measured on arrival) and
 * refreshes the Activity Log; a reconnect fetches whatever was missed, and so does the page
 * waking up (visible again, back online), when the socket may be half-open. 4401 means the
 * session is gone: asking who is signed in again sends the page to sign-in.
 */
export function useAgentLiveFeed() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const socket = connectLiveSocket({
      url: liveSocketUrl(LIVE_PATH, window.location),
      schema: liveEventSchema,
      finalCloseCodes: Object.values(liveCloseCodes),
      onEvent: (event, receivedAt) => {
        switch (event.type) {
          case 'agent.state':
            storeAgentSnapshot(queryClient, agentSnapshot(event.state, receivedAt));
            void refreshAgentActivity(queryClient);
            break;
          case 'floor.snapshot':
          case 'floor.agent':
            break; // an admin's events: never sent to an agent
        }
      },
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
}
