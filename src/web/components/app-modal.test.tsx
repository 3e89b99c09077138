import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { AppModal } from './app-modal';

/** A dialog that stays mounted and only opens and closes, as the Add Admin dialog does. */
function Toggled() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button">Elsewhere</button>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <AppModal opened={opened} onClose={() => setOpened(false)} title="Toggled">
        <button type="button" onClick={() => setOpened(false)}>
          Done
        </button>
      </AppModal>
    </>
  );
}

describe('AppModal', () => {
  it('names its close button and returns the focus to its opener when it closes', async () => {
    const { user } = renderWithProviders(<Toggled />);
    screen.getByRole('button', { name: 'Open' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Toggled' });
    expect(dialog.contains(screen.getByRole('button', { name: 'Close' }))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' })),
    );
  });

  it('gives the focus to the dialog that took its place, and back to the first opener at the end', async () => {
    function Swapped() {
      const [shown, setShown] = useState<'first' | 'second' | 'none'>('none');
      return (
        <>
          <button type="button" onClick={() => setShown('first')}>
            Opener
          </button>
          {shown === 'second' && (
            <AppModal opened onClose={() => setShown('first')} title="Second">
              <input aria-label="Not yet" disabled data-autofocus />
              <button type="button" onClick={() => setShown('first')}>
                Back
              </button>
            </AppModal>
          )}
          {shown === 'first' && (
            <AppModal opened onClose={() => setShown('none')} title="First">
              <button type="button" onClick={() => setShown('second')}>
                Next
              </button>
            </AppModal>
          )}
        </>
      );
    }
    const { user } = renderWithProviders(<Swapped />);
    const opener = screen.getByRole('button', { name: 'Opener' });
    opener.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    const second = await screen.findByRole('dialog', { name: 'Second' });
    await waitFor(() => expect(second.contains(document.activeElement)).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('dialog', { name: 'First' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('gives the focus to the page when the dialog took its opener away (a deleted row)', async () => {
    function Row() {
      const [confirming, setConfirming] = useState(false);
      const [deleted, setDeleted] = useState(false);
      return (
        <main tabIndex={-1}>
          {!deleted && (
            <button type="button" onClick={() => setConfirming(true)}>
              Delete row
            </button>
          )}
          {confirming && (
            <AppModal opened onClose={() => setConfirming(false)} title="Delete?">
              <button
                type="button"
                onClick={() => {
                  setDeleted(true);
                  setConfirming(false);
                }}
              >
                Confirm
              </button>
            </AppModal>
          )}
        </main>
      );
    }
    const { user } = renderWithProviders(<Row />);
    screen.getByRole('button', { name: 'Delete row' }).focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
  });

  it('never opened, it moves no focus when its page goes', async () => {
    const Page = ({ withDialog }: { withDialog: boolean }) => (
      <>
        <button type="button">Sidebar</button>
        {withDialog && <Toggled />}
      </>
    );
    const { rerender } = renderWithProviders(<Page withDialog={false} />);
    const sidebar = screen.getByRole('button', { name: 'Sidebar' });
    sidebar.focus();
    rerender(<Page withDialog />);
    sidebar.blur();

    rerender(<Page withDialog={false} />);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.activeElement).toBe(document.body);
  });
});
