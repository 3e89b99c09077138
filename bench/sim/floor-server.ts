import http from 'node:http';
import pg from 'pg';
import { Batches } from '../../src/server/platform/batches';

/**
 * The least an agent action in a transaction of its own can cost on this machine (agent-load
 * measures this floor on PostgreSQL): a bare `node:http` server, no framework, no sessions, no
 * validation, no live push, that for each `POST /action {"agentId"}` runs the skeleton of a status
 * change on a pool of ten — BEGIN; lock the agent's row; update one row; insert one row; COMMIT,
 * each statement prepared once per connection (no planning) — and answers 200. Any real action in a
 * transaction of its own does all of it and more, so the rate this reaches with the load generator
 * on the same cores is above what such an implementation could sustain here. Actions batched into
 * shared transactions share the commit and the round trips, and are not bounded by it: with
 * FLOOR_BATCHED=1 the same work goes in `Batches` much as the server sends agent actions under
 * load: at most two statements in flight (the second at once, where the server waits for 16
 * actions), every action waiting meanwhile in the next, up to 100 — lock the
 * agents' rows, update one row and insert one row each, in one autocommitted statement. The least a
 * batched action can cost here.
 *
 * `node --import tsx bench/sim/floor-server.ts` with DATABASE_URL and PORT; GET /health answers
 * once the scratch table exists.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

await pool.query(`CREATE TABLE IF NOT EXISTS bench_floor_actions (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now()
)`);

const statements = {
  lock: { name: 'floor-lock', text: 'SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE' },
  update: {
    name: 'floor-update',
    text: 'UPDATE employee_info SET full_name = full_name WHERE user_id = $1',
  },
  insert: { name: 'floor-insert', text: 'INSERT INTO bench_floor_actions (user_id) VALUES ($1)' },
};

async function act(agentId: string) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query({ ...statements.lock, values: [agentId] });
    await client.query({ ...statements.update, values: [agentId] });
    await client.query({ ...statements.insert, values: [agentId] });
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const inBatches = new Batches<string, true>(
  async (agentIds) => {
    await pool.query({
      name: 'floor-batch',
      text: `WITH actions AS (SELECT unnest($1::uuid[]) AS user_id),
        locked AS (SELECT id FROM users WHERE id IN (SELECT user_id FROM actions)
          ORDER BY id FOR NO KEY UPDATE),
        updated AS (UPDATE employee_info SET full_name = full_name
          WHERE user_id IN (SELECT id FROM locked))
        INSERT INTO bench_floor_actions (user_id) SELECT user_id FROM actions`,
      values: [agentIds],
    });
    return agentIds.map(() => true as const);
  },
  { concurrency: 2, maxSize: 100, rolledBack: () => false },
);

const perform =
  process.env.FLOOR_BATCHED === '1' ? (agentId: string) => inBatches.submit(agentId) : act;

const server = http.createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/health') {
    response.writeHead(200).end('ok');
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const { agentId } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { agentId: string };
    perform(agentId).then(
      () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
      (error: Error) => response.writeHead(500).end(error.message),
    );
  });
});

server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
