import { type CSSVariablesResolver, type MantineColorsTuple, createTheme } from '@mantine/core';

/**
 * Status colours of spec §3 that Mantine does not name (slate, purple, brown), so an avatar
 * takes its colour straight from the shared status catalogue. Index 6 is the filled shade.
 */
const slate: MantineColorsTuple = [
  '#f8fafc',
  '#f1f5f9',
  '#e2e8f0',
  '#cbd5e1',
  '#94a3b8',
  '#64748b',
  '#475569',
  '#334155',
  '#1e293b',
  '#0f172a',
];
const purple: MantineColorsTuple = [
  '#f6f0ff',
  '#e7dcfa',
  '#cab4f0',
  '#ac8ae7',
  '#9366df',
  '#834fda',
  '#7b43d8',
  '#6935c0',
  '#5d2ead',
  '#50259a',
];
const brown: MantineColorsTuple = [
  '#faf4ef',
  '#eee3da',
  '#dfc5b1',
  '#d0a685',
  '#c38b60',
  '#bb7a48',
  '#a0643a',
  '#8a5431',
  '#744628',
  '#5e381e',
];

export const appTheme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  colors: { slate, purple, brown },
  components: {
    // A select's chevron is decoration: the combobox itself says it opens a list.
    ComboboxChevron: { defaultProps: { 'aria-hidden': true } },
  },
});

/**
 * Dimmed text (hints, subtitles, timers, footers) readable at WCAG AA, 4.5:1: Mantine's own
 * (gray-6 on white, 3.3:1; dark-2 on dark-7, 4.0:1) is below it. These hold on the page and on
 * the light fills of inputs, rows and cards (gray-1 at worst: 4.6:1; dark-6: 5.4:1).
 */
export const DIMMED_TEXT = { light: '#686e75', dark: '#a3a3a3' } as const;

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': DIMMED_TEXT.light },
  dark: { '--mantine-color-dimmed': DIMMED_TEXT.dark },
});
