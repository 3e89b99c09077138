import { Button } from '@mantine/core';
import { IconPhoneOff } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { shortcut } from '../shortcuts';

interface EndCallButtonProps {
  /** Another call action is under way. */
  isBusy: boolean;
  /** Ends the call (saving its notes first, in the modal); settles when the server answered. */
  onEnd: () => Promise<unknown>;
}

/**
 * End Call, for the Interactions panel and the Active Call modal. It stays disabled from the
 * click until the end request has been answered — notes saved before it included — so a
 * second click never sends a second end (which the server would refuse with a 409).
 */
export function EndCallButton({ isBusy, onEnd }: EndCallButtonProps) {
  const [isEnding, setIsEnding] = useState(false);
  // The state disables the button at the next render; this turns away a click before it.
  const isEndingNow = useRef(false);

  async function handleClick() {
    if (isEndingNow.current) return;
    isEndingNow.current = true;
    setIsEnding(true);
    try {
      await onEnd();
    } finally {
      isEndingNow.current = false;
      setIsEnding(false);
    }
  }

  return (
    <Button
      color="red"
      leftSection={<IconPhoneOff size={16} aria-hidden />}
      disabled={isBusy || isEnding}
      onClick={() => void handleClick()}
      {...shortcut('end')}
    >
      End Call
    </Button>
  );
}
