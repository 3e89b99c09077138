import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { DIMMED_TEXT, cssVariablesResolver } from './theme';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string) {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((at) => {
      const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

describe('dimmed text', () => {
  const { gray, dark } = DEFAULT_THEME.colors;

  it('reads at 4.5:1 or more on the page and the fills it sits on, in both themes', () => {
    // White page, gray-0/1 fills (inputs, striped and hovered rows); dark-7 page, dark-6 fills.
    for (const background of ['#ffffff', gray[0], gray[1]]) {
      expect(contrast(DIMMED_TEXT.light, background)).toBeGreaterThanOrEqual(4.5);
    }
    for (const background of [dark[7], dark[6]]) {
      expect(contrast(DIMMED_TEXT.dark, background)).toBeGreaterThanOrEqual(4.5);
    }
    // Mantine's own did not: gray-6 on white, dark-2 on dark-7.
    expect(contrast(gray[6], '#ffffff')).toBeLessThan(4.5);
    expect(contrast(dark[2], dark[7])).toBeLessThan(4.5);
  });

  it('is what the app sets for each scheme', () => {
    const resolved = cssVariablesResolver(DEFAULT_THEME);
    expect(resolved.light['--mantine-color-dimmed']).toBe(DIMMED_TEXT.light);
    expect(resolved.dark['--mantine-color-dimmed']).toBe(DIMMED_TEXT.dark);
  });
});
