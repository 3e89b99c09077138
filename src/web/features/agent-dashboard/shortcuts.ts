import { useEffect } from 'react';
import { createValueStore, useValue } from '../../lib/value-store';

/**
 * The softphone's keyboard shortcuts, each written once: its keys (as `aria-keyshortcuts`
 * spells them, on the control they press), what it does (the '?' dialog lists it), and the
 * control it presses (`data-shortcut`). Call actions take Alt+Shift, so they work while the
 * agent types in a field (Alt and a letter alone open browser menus); the others are a single
 * key and never fire while typing.
 */
export const SHORTCUTS = [
  { id: 'answer', keys: 'Alt+Shift+A', does: 'Answer the ringing call' },
  { id: 'decline', keys: 'Alt+Shift+D', does: 'Decline the ringing call' },
  { id: 'end', keys: 'Alt+Shift+E', does: 'End the call' },
  { id: 'mute', keys: 'Alt+Shift+M', does: 'Mute or unmute' },
  { id: 'hold', keys: 'Alt+Shift+H', does: 'Hold or resume' },
  { id: 'dialer', keys: 'D', does: 'Open or close the Dialer' },
  { id: 'status', keys: 'S', does: 'Open the status list' },
  { id: 'help', keys: '?', does: 'Show these shortcuts' },
] as const;

export type ShortcutId = (typeof SHORTCUTS)[number]['id'];

const byId = new Map(SHORTCUTS.map((shortcut) => [shortcut.id, shortcut]));

/** The attributes that make a control the one `id` presses, announcing its keys. */
export function shortcut(id: Exclude<ShortcutId, 'help'>) {
  return { 'aria-keyshortcuts': byId.get(id)!.keys, 'data-shortcut': id };
}

/** Kept in the browser like the theme: a choice about this browser, not the account. */
export const SHORTCUTS_STORAGE_KEY = 'shortcuts';

function readEnabled() {
  try {
    return window.localStorage.getItem(SHORTCUTS_STORAGE_KEY) !== 'off';
  } catch {
    return true; // storage blocked: the default
  }
}

const enabledStore = createValueStore(readEnabled());

/** Whether the shortcuts are on (Profile turns them off), and the switch. */
export function useShortcutsEnabled() {
  const isEnabled = useValue(enabledStore);
  const setEnabled = (next: boolean) => {
    try {
      window.localStorage.setItem(SHORTCUTS_STORAGE_KEY, next ? 'on' : 'off');
    } catch {
      // storage blocked: the choice lasts for this page
    }
    enabledStore.set(next);
  };
  return [isEnabled, setEnabled] as const;
}

/** Which shortcut a key press is, if any. */
export function shortcutOf(event: KeyboardEvent): ShortcutId | undefined {
  if (event.ctrlKey || event.metaKey) return undefined;
  if (event.altKey) {
    if (!event.shiftKey) return undefined;
    // The key's place, not its character: Alt+Shift+letter types a symbol on some layouts.
    const letter = /^Key([A-Z])$/.exec(event.code)?.[1];
    return SHORTCUTS.find((each) => each.keys === `Alt+Shift+${letter}`)?.id;
  }
  if (isTyping(event.target)) return undefined;
  const key = event.key === '?' ? '?' : event.key.toUpperCase();
  return SHORTCUTS.find((each) => each.keys === key)?.id;
}

function isTyping(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement && !['button', 'checkbox', 'radio'].includes(target.type))
  );
}

/**
 * Presses the control a shortcut names, if it is on the page and enabled: the shortcut does
 * exactly what its button does, only where the button is. '?' calls `onHelp`.
 */
export function useShortcuts(onHelp: () => void) {
  const [isEnabled] = useShortcutsEnabled();
  useEffect(() => {
    if (!isEnabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const id = shortcutOf(event);
      if (!id) return;
      if (id === 'help') {
        event.preventDefault();
        onHelp();
        return;
      }
      const control = document.querySelector<HTMLElement>(`[data-shortcut="${id}"]`);
      if (!control || control.matches(':disabled, [aria-disabled="true"]')) return;
      event.preventDefault();
      // A call action leaves the focus where the agent is typing; the Dialer and the status
      // list take it, as a click would.
      if (!event.altKey) control.focus();
      control.click();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isEnabled, onHelp]);
}

/**
 * While `ringingId` rings, the first Tab from wherever the focus is goes to Answer; after it,
 * Tab moves on as usual (Decline is beside it). Shift+Tab is left alone.
 */
export function useAnswerOneTabAway(ringingId: string | undefined) {
  useEffect(() => {
    if (!ringingId) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.shiftKey || event.altKey || event.ctrlKey) return;
      if (event.metaKey || event.defaultPrevented) return;
      const answer = document.querySelector<HTMLElement>('[data-shortcut="answer"]');
      if (!answer || answer.matches(':disabled')) return;
      document.removeEventListener('keydown', onKeyDown, true);
      if (answer === document.activeElement) return;
      event.preventDefault();
      answer.focus();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [ringingId]);
}
