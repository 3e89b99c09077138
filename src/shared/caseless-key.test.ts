import { describe, expect, it } from 'vitest';
import { caselessKey } from './caseless-key';

describe('caselessKey', () => {
  it.each([
    ['ΣΙΣΥΦΟΣ', ['σισυφος', 'σισυφοσ', 'Σισυφος', 'ΣΙΣΥΦΟΣ']],
    ['İstanbul', ['İSTANBUL', 'i\u0307stanbul']],
    ['Straße', ['STRASSE', 'strasse', 'STRAẞE', 'straße']],
    ['Jos\u00e9', ['Jose\u0301', 'JOS\u00c9', 'JOSE\u0301']],
    ['admin', ['ＡＤＭＩＮ', 'Admin']],
    ['ᾳ', ['ᾼ', 'αι', 'ΑΙ', 'α\u0345']],
  ])('gives %s the key of %o', (name, spellings) => {
    for (const spelling of spellings)
      expect(caselessKey(spelling), spelling).toBe(caselessKey(name));
  });

  it('folds without Turkish rules: İ is not I, and dotless ı is not i', () => {
    expect(caselessKey('İstanbul')).toBe('i\u0307stanbul');
    expect(caselessKey('İstanbul')).not.toBe(caselessKey('istanbul'));
    expect(caselessKey('ıstanbul')).not.toBe(caselessKey('istanbul'));
    expect(caselessKey('Istanbul')).toBe('istanbul');
  });

  it('gives σ for every sigma and ss for every sharp s', () => {
    expect(caselessKey('ΣΙΣΥΦΟΣ')).toBe('σισυφοσ');
    expect(caselessKey('Straße')).toBe('strasse');
  });

  // Planes 0 to 2 hold every letter with a case and every compatibility mapping; beyond are
  // ideographs without either, tags and private use.
  it('is its own key, and the same for upper and lower case, for every letter', () => {
    const notIdempotent: string[] = [];
    const caseSensitive: string[] = [];
    for (let codePoint = 0; codePoint < 0x30000; codePoint++) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      const char = String.fromCodePoint(codePoint);
      const key = caselessKey(char);
      if (caselessKey(key) !== key) notIdempotent.push(char);
      if (caselessKey(char.toUpperCase()) !== key || caselessKey(char.toLowerCase()) !== key) {
        caseSensitive.push(char);
      }
    }
    expect(notIdempotent).toEqual([]);
    // Dotless ı uppercases to I, which folds to i: Unicode keeps them apart outside Turkish.
    expect(caseSensitive).toEqual(['ı']);
  });
});
