import { type RawBuilder, sql } from 'kysely';

/**
 * When a live connection was last known to be there. A process vouches for all its open
 * sockets at once, with one row per process refreshed every heartbeat (`app_settings`, key
 * `live_instance:<instance id>`), rather than rewriting every connection's row every heartbeat
 * (a row version per connection per heartbeat would be the bulk of the writes). So an
 * open connection was last seen at the later of its own `seen_at` (when it opened) and its
 * process's last heartbeat; a closed one at `seen_at`, the moment it closed.
 */
export const INSTANCE_KEY_PREFIX = 'live_instance:';

export function instanceKey(instanceId: string) {
  return `${INSTANCE_KEY_PREFIX}${instanceId}`;
}

/** `alias` names a live_connections row in the surrounding query. */
export function connectionLastSeen(alias: string): RawBuilder<Date> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<Date>`(CASE WHEN ${column('closed_at')} IS NULL
    THEN greatest(${column('seen_at')}, (
      SELECT CASE WHEN beat.key LIKE ${`${INSTANCE_KEY_PREFIX}%`} THEN beat.value::timestamptz END
      FROM app_settings beat WHERE beat.key = ${INSTANCE_KEY_PREFIX} || ${column('instance_id')}))
    ELSE ${column('seen_at')} END)`;
}

/** A process's heartbeat row's time, or null for any other setting. */
export const instanceBeat = sql<Date | null>`(CASE WHEN key LIKE ${`${INSTANCE_KEY_PREFIX}%`}
  THEN value::timestamptz END)`;
