import {
  type CSSVariablesResolver,
  type InputProps,
  type MantineColorsTuple,
  type MantineTheme,
  createTheme,
  darken,
  luminance,
} from '@mantine/core';
import { INCOMING_CALL_BACKGROUND, INPUT_BORDER, INPUT_FOCUS_BORDER } from '../lib/theme-variables';

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

/**
 * Filled colours read at WCAG AA (4.5:1) with their text: the filled shade is 8 in both schemes
 * (Mantine's light default, 6, put white on blue at 3.6:1 and on green at 2.4:1), and the text
 * on a filled colour is white or black, whichever contrasts more — 0.185 is where the two are
 * even, nudged so red-8 (4.5:1 either way) keeps its white.
 */
export const FILLED_SHADE = 8;
export const LUMINANCE_THRESHOLD = 0.185;

export const appTheme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: FILLED_SHADE, dark: FILLED_SHADE },
  autoContrast: true,
  luminanceThreshold: LUMINANCE_THRESHOLD,
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  colors: { slate, purple, brown },
  components: {
    // A field's border, per scheme (below), at rest and focused: Mantine's read at 1.5:1 on
    // white and 1.3:1 on a dark input (gray-4, dark-4), and its focus, the filled blue, at
    // 2.7:1 on a dark input. A field in error keeps Mantine's error border.
    Input: {
      vars: (_theme: MantineTheme, props: InputProps) => ({
        wrapper: {
          '--input-bd-focus': `var(${INPUT_FOCUS_BORDER})`,
          ...(!props.error && { '--input-bd': `var(${INPUT_BORDER})` }),
        },
      }),
    },
    // A dialog's title bar is a <header>, which outside main/section is a page's banner
    // landmark: a second banner while a dialog is open (axe: landmark-no-duplicate-banner).
    Modal: { defaultProps: { attributes: { header: { role: 'none' } } } },
    // A select's chevron is decoration: the combobox itself says it opens a list.
    ComboboxChevron: { defaultProps: { 'aria-hidden': true } },
  },
});

/** WCAG 2 contrast ratio of two colours (hex or rgba()). */
export function contrastRatio(a: string, b: string) {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

/** WCAG AA for normal text. */
export const AA = 4.5;

/**
 * A colour's text in the light scheme (`c="teal"`, and the light variant's badges and alerts):
 * its shade 9, darkened in steps until it reads at AA on its shade 2 — the light variant's
 * hovered fill, the darkest it sits on — and so on its shade 1 and on white. Mantine's (shade 8
 * for text, 9 on shade 1 for the light variant) read at 2.5–3.9:1 for teal, green, orange.
 */
export function readableText(palette: MantineColorsTuple) {
  let amount = 0;
  while (contrastRatio(darken(palette[9], amount), palette[2]) < AA) amount += 0.05;
  return darken(palette[9], amount);
}

/**
 * Dimmed text (hints, subtitles, timers, footers) readable at WCAG AA, 4.5:1: Mantine's own
 * (gray-6 on white, 3.3:1; dark-2 on dark-7, 4.0:1) is below it. These hold on the page and on
 * the fills of inputs, rows and cards (gray-1 at worst: 4.6:1; dark-5, an edited row: 4.7:1).
 */
export const DIMMED_TEXT = { light: '#686e75', dark: '#a8a8a8' } as const;

/** A colour in each scheme. */
interface SchemeColour {
  light: string;
  dark: string;
}

/**
 * A field's error message and border: Mantine's red-6 on white (3.3:1) and red-8 on a dark
 * input (3.0:1) are below AA; red's text colour (above) and red-4 (5.9:1 on dark-6) are not.
 */
export const errorText = (theme: MantineTheme): SchemeColour => ({
  light: readableText(theme.colors.red),
  dark: theme.colors.red[4],
});

/**
 * A field's border at rest: gray-6 on white (3.3:1) and dark-2 on a dark input (3.5:1) — WCAG
 * 1.4.11 asks 3:1 of what shows where a field is, and a white field on a white page has only
 * its border.
 */
export const inputBorder = (theme: MantineTheme): SchemeColour => ({
  light: theme.colors.gray[6],
  dark: theme.colors.dark[2],
});

/**
 * A focused field's border: the filled blue on white (5.0:1), blue-4 on a dark input (5.4:1,
 * where the filled blue read 2.7:1) — WCAG 1.4.11 asks 3:1 of a focus indicator.
 */
export const inputFocusBorder = (theme: MantineTheme): SchemeColour => ({
  light: theme.colors.blue[FILLED_SHADE],
  dark: theme.colors.blue[4],
});

/**
 * The ringing call's card: a step further from the text than green's light variant in each
 * scheme (green-0; green-9 darkened 60 %, not 50 %), where dimmed text read at 4.49:1 (light)
 * and 4.37:1 (dark).
 */
const incomingCallBackground = (theme: MantineTheme): SchemeColour => ({
  light: theme.colors.green[0],
  dark: darken(theme.colors.green[9], 0.6),
});

export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const bySchemes: Record<string, SchemeColour> = {
    '--mantine-color-dimmed': DIMMED_TEXT,
    '--mantine-color-error': errorText(theme),
    [INCOMING_CALL_BACKGROUND]: incomingCallBackground(theme),
    [INPUT_BORDER]: inputBorder(theme),
    [INPUT_FOCUS_BORDER]: inputFocusBorder(theme),
  };
  const inScheme = (scheme: keyof SchemeColour) =>
    Object.fromEntries(Object.entries(bySchemes).map(([name, colour]) => [name, colour[scheme]]));
  const light = inScheme('light');
  for (const [name, palette] of Object.entries(theme.colors)) {
    const text = readableText(palette);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-light-color`] = text;
  }
  return { variables: {}, light, dark: inScheme('dark') };
};
