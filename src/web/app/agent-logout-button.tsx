import { Button, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useId } from 'react';

/** Spec §4 'Agent status': the tooltip of a Logout that is not yet allowed. */
export const LOGOUT_NEEDS_GONE_HOME = 'Set status to Gone Home to sign out';

interface AgentLogoutButtonProps {
  canLogout: boolean;
  isLoggingOut: boolean;
  onLogout: () => void;
}

/**
 * The drawer's Logout: enabled only in Gone Home. A disabled button gets no pointer or focus
 * events, so the tooltip sits on a focusable wrapper (hover and keyboard both show it), and
 * the button names the reason as its accessible description.
 */
export function AgentLogoutButton({ canLogout, isLoggingOut, onLogout }: AgentLogoutButtonProps) {
  const reasonId = useId();
  const button = (
    <Button
      variant="subtle"
      color="gray"
      fullWidth
      justify="flex-start"
      leftSection={<IconLogout size={18} stroke={1.6} aria-hidden />}
      disabled={!canLogout || isLoggingOut}
      aria-describedby={canLogout ? undefined : reasonId}
      onClick={onLogout}
    >
      Logout
    </Button>
  );
  if (canLogout) return button;
  return (
    <>
      <Tooltip label={LOGOUT_NEEDS_GONE_HOME} events={{ hover: true, focus: true, touch: true }}>
        <span tabIndex={0} style={{ display: 'block', cursor: 'not-allowed' }}>
          {button}
        </span>
      </Tooltip>
      <VisuallyHidden id={reasonId}>{LOGOUT_NEEDS_GONE_HOME}</VisuallyHidden>
    </>
  );
}
