import { BarChart, LineChart } from '@mantine/charts';
import type { QueueInterval, QueueIntervals } from '../../../../shared/schemas/queue-analytics';
import { formatCount } from '../../../lib/format-number';
import { CHART_HEIGHT, ChartFigure } from './trend-charts';
import { formatPercent, formatSeconds } from './format';

/** An interval's start on the call centre's clock: '10:30', with the day past one day. */
function intervalLabel(start: string, timeZone: string, withDay: boolean) {
  return new Date(start).toLocaleString('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(withDay ? { month: 'short', day: 'numeric' } : {}),
  });
}

const counts = [
  { name: 'callers', label: 'Callers', color: 'blue.6' },
  { name: 'answered', label: 'Answered', color: 'green.6' },
  { name: 'abandoned', label: 'Abandoned', color: 'red.6' },
] as const;

/**
 * A queue team's intervals as two charts: callers, answered and abandoned side by side, and the
 * service level against its target; each with its figures in a table.
 */
export function QueueCharts({ figures }: { figures: QueueIntervals }) {
  const { intervals, minutes, range } = figures;
  const first = intervals[0];
  const last = intervals.at(-1);
  if (!first || !last) return null;
  const withDay = Date.parse(last.start) - Date.parse(first.start) >= 24 * 3_600_000;
  const label = (interval: QueueInterval) => intervalLabel(interval.start, range.timeZone, withDay);
  const span = `${label(first)} to ${label(last)}`;
  const per = `per ${minutes} minutes`;
  const total = (name: (typeof counts)[number]['name']) =>
    intervals.reduce((sum, interval) => sum + interval[name], 0);
  const rows = intervals.map((interval) => ({ key: interval.start, interval }));
  const levels = intervals.flatMap((interval) =>
    interval.serviceLevelPercent === null ? [] : [interval.serviceLevelPercent],
  );
  const target = figures.serviceLevelTargetPercent;
  const levelSummary =
    levels.length === 0
      ? `Service level ${per}, ${span}: no answered or abandoned callers`
      : `Service level ${per}, ${span}: lowest ${formatPercent(Math.min(...levels))}, highest ` +
        `${formatPercent(Math.max(...levels))}, target ${formatPercent(target)} in ` +
        `${figures.serviceLevelSeconds} s`;
  return (
    <>
      <ChartFigure
        title={`Callers ${per}`}
        summary={
          `Callers ${per}, ${span}: ` +
          counts.map((c) => `${formatCount(total(c.name))} ${c.label.toLowerCase()}`).join(', ')
        }
        headings={['', ...counts.map((c) => c.label), 'Avg speed of answer', 'Agents needed']}
        rows={rows.map(({ key, interval }) => ({
          key,
          cells: [
            label(interval),
            ...counts.map((c) => formatCount(interval[c.name])),
            formatSeconds(interval.averageSpeedOfAnswerSeconds),
            interval.agentsNeeded === null ? '—' : formatCount(interval.agentsNeeded),
          ],
        }))}
      >
        <BarChart
          h={CHART_HEIGHT}
          data={intervals.map((interval) => ({ ...interval, label: label(interval) }))}
          dataKey="label"
          withLegend
          tooltipAnimationDuration={0}
          valueFormatter={formatCount}
          series={counts.map((c) => ({ name: c.name, label: c.label, color: c.color }))}
        />
      </ChartFigure>
      <ChartFigure
        title={`Service level ${per}`}
        summary={levelSummary}
        headings={['', 'Service level']}
        rows={rows.map(({ key, interval }) => ({
          key,
          cells: [label(interval), formatPercent(interval.serviceLevelPercent)],
        }))}
      >
        <LineChart
          h={CHART_HEIGHT}
          data={intervals.map((interval) => ({
            label: label(interval),
            value: interval.serviceLevelPercent,
          }))}
          dataKey="label"
          connectNulls
          curveType="linear"
          withDots={intervals.length <= 48}
          yAxisProps={{ domain: [0, 100] }}
          referenceLines={[{ y: target, label: `Target ${formatPercent(target)}`, color: 'red.6' }]}
          tooltipAnimationDuration={0}
          valueFormatter={(value) => formatPercent(value)}
          series={[{ name: 'value', label: 'Service level', color: 'teal.6' }]}
        />
      </ChartFigure>
    </>
  );
}
