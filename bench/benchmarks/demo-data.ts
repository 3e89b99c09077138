import { sql } from 'kysely';
import type { Benchmark } from '../benchmark';
import { measure } from '../stats';

/**
 * The scale's call centre, made by the demo generator (src/server/demo) into the run's
 * scratch database — the data every database benchmark reads — and one reference query on
 * it: calls per agent by a GROUP BY over the raw call log, the floor any analytics read is
 * compared with.
 */
export const demoData: Benchmark = {
  name: 'demo-data',
  title: "the scale's demo call centre (generated), and a GROUP BY over the raw call log",
  scales: ['small', 'medium', 'large'],

  async run(context) {
    const data = await context.data();
    const { calls, statusIntervals, agents } = data.summary.counts;
    const rows = calls + statusIntervals;
    context.log('GROUP BY over call_logs: warm-up, then timed runs…');
    const groupBy = await measure(
      () =>
        sql`
          SELECT user_id,
                 count(*)::int AS calls,
                 count(*) FILTER (WHERE call_status = 'answered')::int AS answered,
                 coalesce(sum(duration_seconds), 0)::float8 AS talk_seconds
          FROM call_logs
          GROUP BY user_id
        `.execute(data.db),
      { warmup: 3, iterations: context.scale === 'large' ? 10 : 30 },
    );
    return [
      { kind: 'value', name: 'agents', value: agents, unit: '' },
      { kind: 'value', name: 'calls', value: calls, unit: '' },
      { kind: 'value', name: 'status intervals', value: statusIntervals, unit: '' },
      {
        kind: 'value',
        name: 'generation (one transaction)',
        value: Math.round(data.generationSeconds * 10) / 10,
        unit: 's',
        note: `${data.summary.firstDate} to ${data.summary.lastDate}; ${Math.round(rows / data.generationSeconds).toLocaleString('en-US')} calls + status intervals a second`,
      },
      { kind: 'latency', name: 'calls per agent: GROUP BY over raw call_logs', stats: groupBy },
    ];
  },
};
