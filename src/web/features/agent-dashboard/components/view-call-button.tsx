import { Button } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useAgentState } from '../api/get-agent-state';
import classes from './view-call-button.module.css';

// The modal's code comes once a call is active, before it is asked for: not with the page.
const loadActiveCallModal = () => import('./active-call-modal');
const ActiveCallModal = lazy(() =>
  loadActiveCallModal().then((module) => ({ default: module.ActiveCallModal })),
);

/**
 * Spec §2: 'View Call' in the top bar while a call is active (connecting included), opening
 * the Active Call modal. The modal belongs to one call: it closes when that call ends and a
 * later call does not open it by itself.
 */
export function ViewCallButton() {
  const { data: snapshot } = useAgentState();
  const [openedForCallId, setOpenedForCallId] = useState<string | null>(null);
  const call = snapshot?.state.call;
  const isActive = call?.phase === 'active';
  useEffect(() => {
    if (isActive) void loadActiveCallModal();
  }, [isActive]);
  if (!snapshot || !call || !isActive) return null;

  return (
    <>
      <Button
        color="green"
        leftSection={<IconPhoneCall size={16} aria-hidden />}
        onClick={() => setOpenedForCallId(call.id)}
        classNames={{ root: classes.root, label: classes.label, section: classes.section }}
      >
        View Call
      </Button>
      {openedForCallId === call.id && (
        <Suspense>
          <ActiveCallModal
            call={call}
            clock={snapshot}
            unsavedNotes={
              snapshot.unsavedNotes?.callId === call.id ? snapshot.unsavedNotes : undefined
            }
            onClose={() => setOpenedForCallId(null)}
          />
        </Suspense>
      )}
    </>
  );
}
