/** Spec §9: edit and create forms close this long after their success message appears. */
export const FORM_CLOSE_DELAY_MS = 1500;

/** Spec §9: a success message clears itself after this long. */
export const SUCCESS_MESSAGE_MS = 3000;

/** How long typing in a search box pauses before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 150;

/** How long a paused search waits for its rows before the list shows it is loading them. */
export const SEARCH_PREFETCH_WAIT_MS = 300;

/** How often the admin dashboard asks for fresh figures while it is on screen. */
export const DASHBOARD_REFRESH_MS = 15_000;

/** How often relative times ('5 minutes ago') are worked out again. */
export const RELATIVE_TIME_TICK_MS = 30_000;

/** Spec §9: clocks and timers tick every second (computed from server timestamps, not counted). */
export const CLOCK_TICK_MS = 1000;

/** How long typing in call notes pauses before they are saved. */
export const CALL_NOTES_SAVE_DELAY_MS = 800;
