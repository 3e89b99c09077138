import { caselessKey } from '../../shared/caseless-key';

/**
 * The caseless keys of names that were unique only by the database's lower() (oldest first):
 * names the old index let share a key ('Straße' and 'strasse') cannot all have it. The one spelt
 * as the key itself, else the oldest, gets the key; each other keeps its own spelling as its key.
 * No key can equal such a spelling (a key is its own key, the spelling is not), so the keys stay
 * unique, and each such name is found by its exact spelling until someone renames it.
 */
export function caselessKeysKeepingClashes(rows: readonly { id: string; name: string }[]) {
  const byKey = new Map<string, { id: string; name: string }[]>();
  for (const row of rows) {
    const key = caselessKey(row.name);
    const sharing = byKey.get(key);
    if (sharing) sharing.push(row);
    else byKey.set(key, [row]);
  }
  const ids: string[] = [];
  const keys: string[] = [];
  for (const [key, sharing] of byKey) {
    const holder = sharing.find((row) => row.name === key) ?? sharing[0]!;
    for (const row of sharing) {
      ids.push(row.id);
      keys.push(row === holder ? key : row.name);
    }
  }
  return { ids, keys };
}
