import { Box, CheckIcon, ColorSwatch, Combobox, InputBase, Text, useCombobox } from '@mantine/core';
import { type KeyboardEvent, useCallback, useId, useState, useSyncExternalStore } from 'react';
import { selectableStatuses, statusLabel } from '../../../../shared/statuses';
import { formatTimer } from '../../../../shared/time-format';
import { FormAlert } from '../../../components/form-alert';
import { useChangeStatus } from '../api/change-status';
import type { AgentSnapshot } from '../api/get-agent-state';
import { softphoneErrorMessage, softphoneFallbacks } from '../error-messages';
import { useServerNow } from '../hooks/use-server-now';
import { shortcut } from '../shortcuts';
import { statusColour } from './status-colour';
import { overallSeconds, stintSeconds, thisSeconds } from './status-timers';

const timerStyle = { fontVariantNumeric: 'tabular-nums' } as const;

/**
 * Spec §4 'Agent status': a select-only combobox (label 'Status') showing the current status
 * and its running timer; its options are every status the agent may pick, each with its
 * Overall and This time. On Call and After Call Work show here when the system set them but
 * are never options. A refused change shows the server's reason under it.
 */
export function StatusSelector({ snapshot }: { snapshot: AgentSnapshot }) {
  const { state } = snapshot;
  // The stint's timer and its Overall turn as each second of the stint completes.
  const serverNow = useServerNow(snapshot, {
    countsFrom: state.since ? Date.parse(state.since) : undefined,
  });
  const changeStatus = useChangeStatus();
  // A failure is about the status it tried to leave: once that changes, it is old news.
  const [failure, setFailure] = useState<{ message: string; from: string } | null>(null);
  const listId = useId();
  // However it opens (a click, Enter, Space or ArrowDown), the list starts on the current status.
  const combobox = useCombobox({
    onDropdownOpen: () => combobox.selectActiveOption(),
    onDropdownClose: () => combobox.resetSelectedOption(),
  });

  const activeOptionId = useActiveOptionId(listId, combobox.dropdownOpened);

  /**
   * The list's other keys (WAI-ARIA listbox): Home and End go to the first and last status, a
   * letter to the next status whose label starts with it ('l' Lunch, 'p' Personal Time).
   */
  function moveByKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (!combobox.dropdownOpened || event.ctrlKey || event.metaKey || event.altKey) return;
    const last = selectableStatuses.length - 1;
    let index: number | undefined;
    if (event.key === 'Home') index = 0;
    else if (event.key === 'End') index = last;
    else if (/^\S$/u.test(event.key)) {
      const from = combobox.getSelectedOptionIndex();
      const letter = event.key.toLowerCase();
      index = [...Array(last + 1).keys()]
        .map((step) => (from + 1 + step) % (last + 1))
        .find((at) => statusLabel(selectableStatuses[at]!).toLowerCase().startsWith(letter));
    }
    if (index === undefined) return;
    event.preventDefault();
    combobox.selectOption(index);
  }

  function choose(value: string) {
    combobox.closeDropdown();
    const status = selectableStatuses.find((selectable) => selectable === value);
    // Tech Issues the system set becomes the agent's own when they pick it.
    const unchanged = status === state.status && state.setBy === 'agent';
    if (!status || unchanged || changeStatus.isPending) return;
    setFailure(null);
    const from = state.status;
    changeStatus.mutate(status, {
      onError: (error) =>
        setFailure({
          message: softphoneErrorMessage(error, softphoneFallbacks.changeStatus),
          from,
        }),
    });
  }

  return (
    <div>
      <Combobox store={combobox} onOptionSubmit={choose}>
        <Combobox.Target
          targetType="button"
          withExpandedAttribute
          aria-activedescendant={activeOptionId}
        >
          <InputBase
            component="button"
            type="button"
            label="Status"
            pointer
            leftSection={<ColorSwatch color={statusSwatch(state.status)} size={12} aria-hidden />}
            rightSection={<Combobox.Chevron />}
            rightSectionPointerEvents="none"
            onClick={() => combobox.toggleDropdown()}
            {...shortcut('status')}
            onKeyDown={moveByKey}
          >
            <Box component="span" style={{ display: 'flex', justifyContent: 'space-between' }}>
              <span>{statusLabel(state.status)}</span>{' '}
              <Box component="span" c="dimmed" style={timerStyle}>
                {formatTimer(stintSeconds(state, serverNow))}
              </Box>
            </Box>
          </InputBase>
        </Combobox.Target>

        <Combobox.Dropdown>
          <Combobox.Options id={listId} aria-label="Statuses">
            {selectableStatuses.map((status) => {
              const isCurrent = status === state.status;
              return (
                // `active`: the keyboard starts from the current status when the list opens.
                <Combobox.Option
                  key={status}
                  value={status}
                  active={isCurrent}
                  aria-selected={isCurrent}
                >
                  <Box style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                    <ColorSwatch color={statusSwatch(status)} size={10} aria-hidden />
                    <Text span size="sm" fw={isCurrent ? 700 : 500}>
                      {statusLabel(status)}
                    </Text>
                    {isCurrent && (
                      <CheckIcon size={10} aria-hidden style={{ marginInlineStart: 'auto' }} />
                    )}
                  </Box>{' '}
                  {/* Full colour, not faded: on the highlighted option, faded white on blue
                      read at 3.6:1. */}
                  <Text
                    size="xs"
                    style={{ ...timerStyle, display: 'flex', gap: 12, paddingInlineStart: 18 }}
                  >
                    <span>Overall {formatTimer(overallSeconds(state, status, serverNow))}</span>{' '}
                    <span>This {formatTimer(thisSeconds(state, status, serverNow))}</span>
                  </Text>
                </Combobox.Option>
              );
            })}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      {failure && failure.from === state.status && (
        <FormAlert tone="error" mt="xs">
          {failure.message}
        </FormAlert>
      )}
    </div>
  );
}

/**
 * The option the keyboard is on, for the combobox's `aria-activedescendant`: Mantine's own
 * follows the arrow keys only, so a list opened with a click, Enter or Space (which starts on
 * the current status) told a screen reader nothing until an arrow was pressed. Mantine marks
 * the option in the DOM (`data-combobox-selected`); this follows the mark while the list is open.
 */
function useActiveOptionId(listId: string, isOpen: boolean) {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = isOpen ? document.getElementById(listId) : null;
      if (!list) return () => {};
      const observer = new MutationObserver(onChange);
      observer.observe(list, {
        subtree: true,
        attributes: true,
        attributeFilter: ['data-combobox-selected'],
      });
      return () => observer.disconnect();
    },
    [listId, isOpen],
  );
  return useSyncExternalStore(subscribe, () =>
    isOpen
      ? document.getElementById(listId)?.querySelector('[data-combobox-selected]')?.id
      : undefined,
  );
}

/** A swatch takes a CSS colour: the theme's filled shade of the status colour. */
function statusSwatch(status: string) {
  return `var(--mantine-color-${statusColour(status)}-filled)`;
}
