/** The simulator's callers come from these 25 US area codes (spec §9). */
// prettier-ignore
export const FAKE_AREA_CODES = [
  '201', '212', '213', '214', '305', '312', '404', '415', '469', '503', '512', '602', '615',
  '617', '702', '713', '718', '720', '732', '773', '804', '818', '857', '917', '971',
] as const;

/** A whole number in [min, max], from `random` in [0, 1). */
export function randomInt(random: () => number, min: number, max: number) {
  return min + Math.floor(random() * (max - min + 1));
}

/**
 * A fake US caller: country code 1, one of the area codes, an exchange that doesn't start
 * with 0 or 1 (as in the North American plan), and a line number — 11 digits.
 */
export function fakeUsNumber(random: () => number) {
  const area = FAKE_AREA_CODES[randomInt(random, 0, FAKE_AREA_CODES.length - 1)];
  const exchange = randomInt(random, 200, 999);
  const line = String(randomInt(random, 0, 9999)).padStart(4, '0');
  return `1${area}${exchange}${line}`;
}
