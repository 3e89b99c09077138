import { localStorageColorSchemeManager } from '@mantine/core';

/** Spec §3/§9: the theme is kept in the browser as 'light' or 'dark' under this key. */
export const THEME_STORAGE_KEY = 'theme';
export const DEFAULT_THEME = 'light';

// public/theme-init.js reads the same key before first paint: keep the two in step.
export const themeColorSchemeManager = localStorageColorSchemeManager({ key: THEME_STORAGE_KEY });
