import {
  type Dispatch,
  type ReactNode,
  type SetStateAction,
  createContext,
  useCallback,
  useContext,
  useState,
} from 'react';

/**
 * Mute and hold are flags of the interface, not of the server (spec §4 'Active call'): hold
 * only shows 'On Hold'; mute will switch the voice client's microphone once it exists. They
 * belong to one call: a new call id starts with both off.
 */
interface CallControlsState {
  callId: string | null;
  isMuted: boolean;
  isHeld: boolean;
}

const idle: CallControlsState = { callId: null, isMuted: false, isHeld: false };

type CallControlsStore = [CallControlsState, Dispatch<SetStateAction<CallControlsState>>];

const CallControlsContext = createContext<CallControlsStore | null>(null);

/** Shares mute and hold between the Interactions panel and the Active Call modal. */
export function CallControlsProvider({ children }: { children: ReactNode }) {
  const store = useState(idle);
  return <CallControlsContext.Provider value={store}>{children}</CallControlsContext.Provider>;
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
  const toggleMute = useCallback(() => toggle('isMuted'), [toggle]);
  const toggleHold = useCallback(() => toggle('isHeld'), [toggle]);
  const reset = useCallback(() => setControls(idle), [setControls]);

  return {
    isMuted: isCurrent && controls.isMuted,
    isHeld: isCurrent && controls.isHeld,
    toggleMute,
    toggleHold,
    reset,
  };
}

export type CallControls = ReturnType<typeof useCallControls>;
