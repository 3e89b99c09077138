/**
 * CSS variables of the app's own that the theme (app/theme.ts) sets per colour scheme and
 * features read.
 */

/** The ringing call's card (its fill in each scheme: app/theme.ts). */
export const INCOMING_CALL_BACKGROUND = '--app-incoming-call-background';

/** A focused input's border (its colour in each scheme: app/theme.ts). */
export const INPUT_FOCUS_BORDER = '--app-input-focus-border';

/** A field's border at rest (its colour in each scheme: app/theme.ts). */
export const INPUT_BORDER = '--app-input-border';
