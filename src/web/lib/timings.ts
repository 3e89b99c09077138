/** Spec §9: edit and create forms close this long after their success message appears. */
export const FORM_CLOSE_DELAY_MS = 1500;

/** Spec §9: a success message clears itself after this long. */
export const SUCCESS_MESSAGE_MS = 3000;

/** How long typing in a search box pauses before the server is asked. */
export const SEARCH_DEBOUNCE_MS = 300;
