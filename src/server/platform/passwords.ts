import { hash, verify } from '@node-rs/argon2';

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

/** Security answers compare trimmed and case-insensitive (spec §5), so that is what we hash. */
export function normaliseAnswer(answer: string) {
  return answer.trim().toLowerCase();
}

export function hashAnswer(answer: string) {
  return hash(normaliseAnswer(answer));
}

export function verifyAnswer(answerHash: string, answer: string) {
  return verifyPassword(answerHash, normaliseAnswer(answer));
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
