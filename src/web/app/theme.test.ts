import { DEFAULT_THEME, isLightColor, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  AA,
  DIMMED_TEXT,
  FILLED_SHADE,
  LUMINANCE_THRESHOLD,
  appTheme,
  contrastRatio,
  cssVariablesResolver,
  errorText,
  inputBorder,
  inputFocusBorder,
  readableText,
} from './theme';
import { INCOMING_CALL_BACKGROUND, INPUT_BORDER, INPUT_FOCUS_BORDER } from '../lib/theme-variables';

const theme = mergeMantineTheme(DEFAULT_THEME, appTheme);
const resolved = cssVariablesResolver(theme);
const { gray, dark } = theme.colors;

describe('contrast ratio', () => {
  it('is WCAG 2’s: 21:1 for black on white, 1:1 for a colour on itself, either order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#228be6', '#228be6')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});

describe('dimmed text', () => {
  it('reads at 4.5:1 or more on the page and the fills it sits on, in both themes', () => {
    // White page, gray-0/1 fills (inputs, striped and hovered rows); dark-7 page, dark-6 fills.
    for (const background of ['#ffffff', gray[0], gray[1]]) {
      expect(contrastRatio(DIMMED_TEXT.light, background)).toBeGreaterThanOrEqual(AA);
    }
    for (const background of [dark[7], dark[6], dark[5]]) {
      expect(contrastRatio(DIMMED_TEXT.dark, background)).toBeGreaterThanOrEqual(AA);
    }
    // Mantine's own did not: gray-6 on white, dark-2 on dark-7.
    expect(contrastRatio(gray[6], '#ffffff')).toBeLessThan(AA);
    expect(contrastRatio(dark[2], dark[7])).toBeLessThan(AA);
  });

  it('is what the app sets for each scheme, and reads at AA on the ringing call’s card', () => {
    expect(resolved.light['--mantine-color-dimmed']).toBe(DIMMED_TEXT.light);
    expect(resolved.dark['--mantine-color-dimmed']).toBe(DIMMED_TEXT.dark);
    const card = {
      light: resolved.light[INCOMING_CALL_BACKGROUND]!,
      dark: resolved.dark[INCOMING_CALL_BACKGROUND]!,
    };
    expect(contrastRatio(DIMMED_TEXT.light, card.light)).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(DIMMED_TEXT.dark, card.dark)).toBeGreaterThanOrEqual(AA);
  });
});

describe("a field's error message", () => {
  it('reads at AA on the page and on inputs, in both themes, as the app sets it', () => {
    const { red } = theme.colors;
    const error = errorText(theme);
    for (const background of ['#ffffff', gray[0], gray[1]]) {
      expect(contrastRatio(error.light, background)).toBeGreaterThanOrEqual(AA);
    }
    for (const background of [dark[7], dark[6], dark[5]]) {
      expect(contrastRatio(error.dark, background)).toBeGreaterThanOrEqual(AA);
    }
    expect(resolved.light['--mantine-color-error']).toBe(error.light);
    expect(resolved.dark['--mantine-color-error']).toBe(error.dark);
    // Mantine's: red-6 on white, red-8 on a dark input.
    expect(contrastRatio(red[6], '#ffffff')).toBeLessThan(AA);
    expect(contrastRatio(red[8], dark[6])).toBeLessThan(AA);
  });
});

describe("a field's border at rest", () => {
  it('reads at 3:1 (WCAG 1.4.11) on the field and the page in both themes, as the app sets it', () => {
    const border = inputBorder(theme);
    for (const background of ['#ffffff', gray[0]]) {
      expect(contrastRatio(border.light, background)).toBeGreaterThanOrEqual(3);
    }
    for (const background of [dark[6], dark[7]]) {
      expect(contrastRatio(border.dark, background)).toBeGreaterThanOrEqual(3);
    }
    expect(resolved.light[INPUT_BORDER]).toBe(border.light);
    expect(resolved.dark[INPUT_BORDER]).toBe(border.dark);
    // Mantine's: gray-4 on white, dark-4 on a dark input.
    expect(contrastRatio(gray[4], '#ffffff')).toBeLessThan(3);
    expect(contrastRatio(dark[4], dark[6])).toBeLessThan(3);
  });
});

describe("a focused field's border", () => {
  it('reads at 3:1 (WCAG 1.4.11) on the field in both themes, as the app sets it', () => {
    const border = inputFocusBorder(theme);
    expect(contrastRatio(border.light, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(border.dark, dark[6])).toBeGreaterThanOrEqual(3);
    expect(resolved.light[INPUT_FOCUS_BORDER]).toBe(border.light);
    expect(resolved.dark[INPUT_FOCUS_BORDER]).toBe(border.dark);
    // Mantine's: the filled blue (shade 8) on a dark input.
    expect(contrastRatio(theme.colors.blue[8], dark[6])).toBeLessThan(3);
  });
});

describe('filled colours (buttons, badges, avatars)', () => {
  it('are shade 8 in both schemes, with black or white text as Mantine picks it', () => {
    expect(theme.primaryShade).toEqual({ light: FILLED_SHADE, dark: FILLED_SHADE });
    expect(theme.autoContrast).toBe(true);
    expect(theme.luminanceThreshold).toBe(LUMINANCE_THRESHOLD);
  });

  it('read at AA with that text, for every colour of the theme', () => {
    for (const [name, palette] of Object.entries(theme.colors)) {
      const fill = palette[FILLED_SHADE];
      const text = isLightColor(fill, LUMINANCE_THRESHOLD) ? theme.black : theme.white;
      expect(contrastRatio(text, fill), `${name}: ${text} on ${fill}`).toBeGreaterThanOrEqual(AA);
    }
    // Mantine's defaults did not: white on blue-6 (the Sign In button), on green-6 (Answer).
    expect(contrastRatio('#ffffff', DEFAULT_THEME.colors.blue[6])).toBeLessThan(AA);
    expect(contrastRatio('#ffffff', DEFAULT_THEME.colors.green[6])).toBeLessThan(AA);
  });
});

describe('a colour\'s text (c="teal", light badges)', () => {
  it('reads at AA on white and on the light fills, for every colour, as the app sets it', () => {
    for (const [name, palette] of Object.entries(theme.colors)) {
      const text = readableText(palette);
      for (const background of ['#ffffff', palette[1], palette[2]]) {
        expect(contrastRatio(text, background), `${name} on ${background}`).toBeGreaterThanOrEqual(
          AA,
        );
      }
      expect(resolved.light[`--mantine-color-${name}-text`]).toBe(text);
      expect(resolved.light[`--mantine-color-${name}-light-color`]).toBe(text);
    }
    // Mantine's: teal-8 on white (the dashboard's '+100%'), orange-9 on orange-1 ('Demo version').
    expect(contrastRatio(theme.colors.teal[8], '#ffffff')).toBeLessThan(AA);
    expect(contrastRatio(theme.colors.orange[9], theme.colors.orange[1])).toBeLessThan(AA);
  });
});
