import { ActionIcon } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { SharedTooltip, tooltip } from './shared-tooltip';

describe('SharedTooltip', () => {
  it("shows a marked element's label while pointed at, and goes on a press or Escape", async () => {
    renderWithProviders(
      <>
        <ActionIcon aria-label="Edit ana" {...tooltip('Edit')}>
          <svg aria-hidden />
        </ActionIcon>
        <ActionIcon aria-label="Delete ana" {...tooltip('Delete')} />
        <p>Unmarked</p>
        <SharedTooltip />
      </>,
    );
    expect(screen.queryByRole('tooltip')).toBeNull();

    // Over the icon inside the button: the button's label.
    fireEvent.pointerOver(screen.getByRole('button', { name: 'Edit ana' }).querySelector('svg')!);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Edit');
    fireEvent.pointerOver(screen.getByRole('button', { name: 'Delete ana' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Delete');
    fireEvent.pointerOver(screen.getByText('Unmarked'));
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.pointerOver(screen.getByRole('button', { name: 'Edit ana' }));
    expect(await screen.findByRole('tooltip')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.pointerOver(screen.getByRole('button', { name: 'Edit ana' }));
    expect(await screen.findByRole('tooltip')).toBeTruthy();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Edit ana' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
