import { hash, verify } from '@node-rs/argon2';
import { caselessKey } from '../../shared/caseless-key';

/** argon2id (the library's default) with its default cost: slow for a guesser, not a user. */
export function hashPassword(password: string) {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Security answers compare trimmed and case-insensitive (spec §5), so that is what we hash:
 * the answer's caseless key, as usernames compare.
 */
export function normaliseAnswer(answer: string) {
  return caselessKey(answer.trim());
}

/** How answers were hashed before the caseless key: hashes made so are still in use. */
function legacyNormaliseAnswer(answer: string) {
  return answer.trim().toLowerCase();
}

export function hashAnswer(answer: string) {
  return hash(normaliseAnswer(answer));
}

/**
 * Tries the answer's key, then the older form when that differs (accents, ß, final sigma,
 * width): an answer hashed before the key still matches whatever matched it then.
 */
export async function verifyAnswer(answerHash: string, answer: string) {
  const normalised = normaliseAnswer(answer);
  if (await verifyPassword(answerHash, normalised)) return true;
  const legacy = legacyNormaliseAnswer(answer);
  return legacy !== normalised && verifyPassword(answerHash, legacy);
}

let decoyHash: Promise<string> | undefined;

/**
 * Verifies against a throwaway hash so an unknown username costs the same time as a wrong
 * password: response timing must not tell which usernames exist.
 */
export async function spendVerifyTime(password: string) {
  decoyHash ??= hash('decoy-password-never-used');
  await verifyPassword(await decoyHash, password);
}
