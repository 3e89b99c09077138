import { useQueryClient } from '@tanstack/react-query';
import {
  type Dispatch,
  type ReactNode,
  type SetStateAction,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { agentStateQueryKey } from '../../../lib/query-keys';
import { createVoiceAssistant } from '../../voice';
import { type AgentSnapshot, useAgentState } from '../api/get-agent-state';
import { requestVoiceSession } from '../api/request-voice-session';
import { storedAssistantReturn } from './assistant-return';
import { type VoiceCallDeps, VoiceCallController } from './voice-call-controller';

/**
 * Mute and hold are flags of the interface, not of the server (spec §4 'Active call'): hold
 * only shows 'On Hold'; mute also mutes the voice assistant's microphone. They belong to one
 * call: a new call id starts with both off.
 */
interface CallControlsState {
  callId: string | null;
  isMuted: boolean;
  isHeld: boolean;
}

const idle: CallControlsState = { callId: null, isMuted: false, isHeld: false };

type CallControlsStore = [CallControlsState, Dispatch<SetStateAction<CallControlsState>>];

const CallControlsContext = createContext<CallControlsStore | null>(null);
const VoiceCallContext = createContext<VoiceCallController | null>(null);

/** Spec §4 'request the microphone': the prompt comes now; the assistant then opens its own. */
async function requestMicrophone() {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  for (const track of stream.getTracks()) track.stop();
}

/**
 * A Web Lock, held until released (or the tab goes). Without Web Locks (an old browser) a tab
 * that answers still runs its assistant, and no tab takes one over.
 */
function acquireLock(name: string, wait: boolean, signal?: AbortSignal) {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return Promise.resolve(wait ? null : () => {});
  return new Promise<(() => void) | null>((resolve) => {
    locks
      .request(name, wait ? { signal } : { ifAvailable: true }, (lock) => {
        if (!lock) {
          resolve(null);
          return undefined;
        }
        return new Promise<void>((release) => resolve(() => release()));
      })
      // The wait was given up (the call left this tab).
      .catch(() => resolve(null));
  });
}

export const defaultVoiceCallDeps: VoiceCallDeps = {
  requestMicrophone,
  requestSession: requestVoiceSession,
  createAssistant: createVoiceAssistant,
  // Needed once a call has an assistant: loaded with it, not with the softphone.
  loadTranscript: async (callId) =>
    (await (await import('../api/call-details')).getCallDetails(callId)).transcript,
  saveTranscript: async (callId, lines) =>
    (await import('../api/call-details')).saveTranscriptLines(callId, lines),
  acquireLock,
  handOver: storedAssistantReturn,
  now: () => Date.now(),
};

/**
 * The controls as the agent's tabs agree on them: each change counts one more than the state it
 * changed (ties go to the higher tab id), and a tab takes only a state newer than its own, so
 * every tab ends on the same one however the messages cross.
 */
interface SharedControls {
  state: CallControlsState;
  version: number;
  tab: string;
}
type TabsMessage = { type: 'ask' } | { type: 'state'; shared: SharedControls };
const TABS_CHANNEL = 'switchboard-call-controls';

const isNewer = (a: SharedControls, b: SharedControls) =>
  a.version > b.version || (a.version === b.version && a.tab > b.tab);

/** The tab's last controls, kept across a reload of it (sessionStorage is the tab's own). */
const storedControls = {
  read(): SharedControls | null {
    try {
      const stored = JSON.parse(sessionStorage.getItem(TABS_CHANNEL) ?? 'null') as unknown;
      const shared = stored as SharedControls | null;
      const isShaped =
        typeof shared?.version === 'number' &&
        typeof shared.tab === 'string' &&
        typeof shared.state?.isMuted === 'boolean' &&
        typeof shared.state.isHeld === 'boolean' &&
        (shared.state.callId === null || typeof shared.state.callId === 'string');
      return isShaped ? shared : null;
    } catch {
      return null; // no storage (private mode) or a broken value: start idle
    }
  },
  write(shared: SharedControls) {
    try {
      sessionStorage.setItem(TABS_CHANNEL, JSON.stringify(shared));
    } catch {
      // No storage: a reload starts idle, as before.
    }
  },
};

/**
 * Mute and hold as every tab of this browser shows them: one tab runs the call's assistant
 * (one assistant per call), so Mute clicked in another is sent to it, or that tab would show
 * 'Unmute' while the microphone stayed live. A tab opened during a call asks the others where
 * they stand; a reloaded tab starts from its own last state, so a muted call stays muted.
 */
function useControlsSharedByTabs(voiceCall: VoiceCallController): CallControlsStore {
  const [{ tab, start }] = useState(() => {
    const id = Math.random().toString(36).slice(2);
    return { tab: id, start: storedControls.read() ?? { state: idle, version: 0, tab: id } };
  });
  const latest = useRef<SharedControls>(start);
  const [controls, setControls] = useState(start.state);
  const channel = useRef<BroadcastChannel | null>(null);
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const tabs = new BroadcastChannel(TABS_CHANNEL);
    channel.current = tabs;
    tabs.onmessage = ({ data }: MessageEvent<TabsMessage>) => {
      if (data.type === 'ask') {
        if (latest.current.state.callId) {
          tabs.postMessage({ type: 'state', shared: latest.current } satisfies TabsMessage);
        }
        return;
      }
      if (!isNewer(data.shared, latest.current)) return;
      latest.current = data.shared;
      storedControls.write(data.shared);
      const { state } = data.shared;
      setControls(state);
      if (state.callId) {
        voiceCall.setMuted(state.callId, state.isMuted);
        voiceCall.setOnHold(state.callId, state.isHeld);
      }
    };
    tabs.postMessage({ type: 'ask' } satisfies TabsMessage);
    return () => {
      channel.current = null;
      tabs.close();
    };
  }, [voiceCall]);
  const change = useCallback(
    (update: SetStateAction<CallControlsState>) => {
      const held = latest.current;
      const state = typeof update === 'function' ? update(held.state) : update;
      latest.current = { state, version: held.version + 1, tab };
      storedControls.write(latest.current);
      setControls(state);
      channel.current?.postMessage({ type: 'state', shared: latest.current } satisfies TabsMessage);
    },
    [tab],
  );
  return [controls, change];
}

/**
 * Shares mute, hold and the call's voice assistant between the Interactions panel and the
 * Active Call modal, and with the agent's other tabs. `voice` replaces the session request and
 * the assistant (tests).
 */
export function CallControlsProvider({
  children,
  voice = defaultVoiceCallDeps,
}: {
  children: ReactNode;
  voice?: VoiceCallDeps;
}) {
  const [voiceCall] = useState(() => new VoiceCallController(voice));
  const store = useControlsSharedByTabs(voiceCall);
  useEffect(() => {
    const leave = () => voiceCall.leave();
    window.addEventListener('pagehide', leave);
    return () => window.removeEventListener('pagehide', leave);
  }, [voiceCall]);
  useStopVoiceWhenCallLeaves(voiceCall);
  useResumeVoiceInAnotherTab(voiceCall, store[0]);
  return (
    <CallControlsContext.Provider value={store}>
      <VoiceCallContext.Provider value={voiceCall}>{children}</VoiceCallContext.Provider>
    </CallControlsContext.Provider>
  );
}

/**
 * The assistant belongs to the agent's call: it stops when the call leaves the state (ended
 * in another tab, missed, signed out) and when the shell goes away. Reads the held state
 * without fetching it.
 */
function useStopVoiceWhenCallLeaves(voiceCall: VoiceCallController) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const check = () => {
      const callId = voiceCall.currentCallId;
      if (callId === null) return;
      const held = queryClient.getQueryData<AgentSnapshot>(agentStateQueryKey);
      if (held?.state.call?.id !== callId) voiceCall.stop(callId);
    };
    const unsubscribe = queryClient.getQueryCache().subscribe(check);
    return () => {
      unsubscribe();
      voiceCall.stop();
    };
  }, [queryClient, voiceCall]);
}

/** How long a tab that sees a call connected waits before it queues for the assistant. */
const RESUME_AFTER_MS = 1000;

/**
 * The assistant goes on when the tab that ran it goes: a tab with the connected
 * call whose assistant runs elsewhere queues for the lock, so a reload mid-call, or closing
 * the tab that answered while another is open, hands it over instead of leaving the call
 * without one. The tab that answered or dialled asked for the lock before its request went
 * out (`claim`), so it is always first in line.
 */
function useResumeVoiceInAnotherTab(voiceCall: VoiceCallController, controls: CallControlsState) {
  const queryClient = useQueryClient();
  const { data: snapshot } = useAgentState();
  const call = snapshot?.state.call;
  const connected = call?.phase === 'active' ? call : null;
  const isMuted = useRef(false);
  const isHeld = useRef(false);
  const isCallMuted = controls.callId === connected?.id && controls.isMuted;
  const isCallHeld = controls.callId === connected?.id && controls.isHeld;
  useEffect(() => {
    isMuted.current = isCallMuted;
    isHeld.current = isCallHeld;
  }, [isCallMuted, isCallHeld]);

  const callId = connected?.id;
  const callType = connected?.callType;
  useEffect(() => {
    if (!callId || !callType) return;
    let cancel = () => {};
    const queue = setTimeout(() => {
      if (voiceCall.currentCallId === callId) return; // this tab runs it
      cancel = voiceCall.resumeWhenFree(callId, callType, {
        isActive: () => {
          const held = queryClient.getQueryData<AgentSnapshot>(agentStateQueryKey)?.state.call;
          return held?.id === callId && held.phase === 'active';
        },
        isMuted: () => isMuted.current,
        isHeld: () => isHeld.current,
      });
    }, RESUME_AFTER_MS);
    return () => {
      clearTimeout(queue);
      cancel();
    };
  }, [callId, callType, queryClient, voiceCall]);
}

/** The voice assistant of the current call; without a provider, one of this component's own. */
export function useVoiceCallController() {
  const shared = useContext(VoiceCallContext);
  const [local] = useState(() => (shared ? null : new VoiceCallController(defaultVoiceCallDeps)));
  return (shared ?? local) as VoiceCallController;
}

/** What the assistant of `callId` is doing; null when it has none here. */
export function useVoiceCall(callId: string) {
  const voiceCall = useVoiceCallController();
  const snapshot = useSyncExternalStore(voiceCall.subscribe, voiceCall.getSnapshot);
  return snapshot.callId === callId ? snapshot : null;
}

/** Mute and hold of one call; without a provider (a page shown on its own) they are local. */
export function useCallControls(callId: string) {
  const shared = useContext(CallControlsContext);
  const local = useState(idle);
  const [controls, setControls] = shared ?? local;
  const isCurrent = controls.callId === callId;

  const toggle = useCallback(
    (flag: 'isMuted' | 'isHeld') =>
      setControls((held) => {
        const current = held.callId === callId ? held : { ...idle, callId };
        return { ...current, [flag]: !current[flag] };
      }),
    [callId, setControls],
  );
  const voiceCall = useVoiceCallController();
  const isMuted = isCurrent && controls.isMuted;
  const toggleMute = useCallback(() => {
    voiceCall.setMuted(callId, !isMuted);
    toggle('isMuted');
  }, [callId, isMuted, toggle, voiceCall]);
  const isHeld = isCurrent && controls.isHeld;
  const toggleHold = useCallback(() => {
    voiceCall.setOnHold(callId, !isHeld);
    toggle('isHeld');
  }, [callId, isHeld, toggle, voiceCall]);
  const reset = useCallback(() => setControls(idle), [setControls]);

  return {
    isMuted,
    isHeld,
    toggleMute,
    toggleHold,
    reset,
  };
}

export type CallControls = ReturnType<typeof useCallControls>;
