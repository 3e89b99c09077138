/**
 * What toLowerCase leaves that Unicode's full case folding maps: final sigma, sharp s (and, once
 * lowered, capital sharp s), the iota subscript of decomposed Greek, the old Cyrillic variants.
 */
const FOLDS_AFTER_LOWERCASE: Record<string, string> = {
  ς: 'σ',
  ß: 'ss',
  '\u0345': 'ι',
  '\u1c80': 'в',
  '\u1c81': 'д',
  '\u1c82': 'о',
  '\u1c83': 'с',
  '\u1c84': 'т',
  '\u1c85': 'т',
  '\u1c86': 'ъ',
  '\u1c87': 'ѣ',
  '\u1c88': 'ꙋ',
};
const FOLDED_AFTER_LOWERCASE = /ς|ß|\u0345|[\u1c80-\u1c88]/gu;

/**
 * The one form two spellings of a username (or a security answer) are compared in: equal keys,
 * same name. NFKC, then Unicode's full default case folding, then NFKC again: 'é' composed or
 * as e + accent, full-width letters, Σ/σ/ς, ß/ss/ẞ all match. Not Turkish: 'İ' folds to 'i' + combining dot, so 'İstanbul' and 'istanbul' differ.
 * JavaScript has no case fold, hence toLowerCase plus the table above (it keeps Cherokee
 * lowercase where folding picks capitals: the same matches). Computed here and never by the
 * database, whose lower() follows its collation (under C, ASCII only).
 */
export function caselessKey(text: string) {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(FOLDED_AFTER_LOWERCASE, (folded) => FOLDS_AFTER_LOWERCASE[folded]!)
    .normalize('NFKC');
}
