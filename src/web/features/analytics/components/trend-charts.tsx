import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { type ReactNode, createContext, useContext, useId, useState } from 'react';
import { callOutcomeCatalogue } from '../../../../shared/analytics';
import type { AnalyticsTrend, TrendUnit } from '../../../../shared/schemas/analytics';
import { statusCatalogue } from '../../../../shared/statuses';
import { formatDuration } from '../../../../shared/time-format';
import { ScrollableTable } from '../../../components/scrollable-table';
import { formatCount } from '../../../lib/format-number';
import { analyticsMessages } from '../messages';
import classes from './analytics.module.css';
import { formatPercent, formatSeconds } from './format';

/** Which charts: every one (a team, an employee), or the calls alone (the centre). */
export type TrendChartSet = 'all' | 'calls';

export const CHART_HEIGHT = 220;
const per: Record<TrendUnit, string> = { day: 'per day', week: 'per week', month: 'per month' };
const outcomes = ['answered', 'declined', 'missed'] as const;

/** A bucket's start as the axis shows it: 'Mar 9', or 'Mar 2026' for a month. */
function bucketLabel(start: string, unit: TrendUnit) {
  const date = new Date(`${start}T00:00:00Z`);
  return date.toLocaleDateString(
    'en-US',
    unit === 'month'
      ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
      : { month: 'short', day: 'numeric', timeZone: 'UTC' },
  );
}

/** The first column of a figures table: 'Mar 9', 'Week of Mar 9', 'Mar 2026'. */
function bucketHeading(start: string, unit: TrendUnit) {
  const label = bucketLabel(start, unit);
  return unit === 'week' ? `Week of ${label}` : label;
}

const statusColour = (status: string) =>
  `${(statusCatalogue as Record<string, { colour: string } | undefined>)[status]?.colour ?? 'gray'}.6`;

/** The charts' heading level: under the page's (3) or under an employee's name (4). */
const TitleOrder = createContext<3 | 4>(4);

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

/**
 * A chart with its text alternative: the chart is an image named by a summary of its figures,
 * and every figure is in a table a click away.
 */
export function ChartFigure({
  title,
  summary,
  headings,
  rows,
  note,
  children,
}: {
  title: string;
  summary: string;
  /** What the chart leaves out, under its title. */
  note?: string | undefined;
  headings: string[];
  rows: { key: string; cells: ReactNode[] }[];
  children: ReactNode;
}) {
  const titleId = useId();
  const order = useContext(TitleOrder);
  // The table is made when asked for: the page holds one copy of each label until then.
  const [isTableOpen, setTableOpen] = useState(false);
  return (
    <Paper component="figure" withBorder radius="md" p="md" m={0} aria-labelledby={titleId}>
      <Title order={order} size="h4" id={titleId} mb="sm">
        {title}
      </Title>
      {note && (
        <Text size="xs" c="dimmed" mt={-8} mb="xs">
          {note}
        </Text>
      )}
      <div role="img" aria-label={summary}>
        {children}
      </div>
      <details
        className={classes.chartFigures}
        onToggle={(event) => setTableOpen(event.currentTarget.open)}
      >
        <summary>Show the figures</summary>
        {isTableOpen && (
          <ScrollableTable label={`${title}: figures`} minWidth={headings.length * 110}>
            <Table striped fz="sm" aria-label={`${title}: figures`}>
              <Table.Thead>
                <Table.Tr>
                  {headings.map((heading) => (
                    <Table.Th key={heading} scope="col">
                      {heading}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.key}>
                    {row.cells.map((cell, index) =>
                      index === 0 ? (
                        <Table.Th key={index} scope="row" fw={500}>
                          {cell}
                        </Table.Th>
                      ) : (
                        <Table.Td key={index}>{cell}</Table.Td>
                      ),
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollableTable>
        )}
      </details>
    </Paper>
  );
}

/** 'Mar 9 to Mar 15' (or the one bucket). */
function spanOf(trend: AnalyticsTrend) {
  const first = trend.buckets[0];
  const last = trend.buckets.at(-1);
  if (!first || !last) return '';
  const from = bucketHeading(first.start, trend.unit);
  return first === last ? from : `${from} to ${bucketHeading(last.start, trend.unit)}`;
}

/** Lowest and highest of the buckets that have a figure, for a line's summary. */
function extremes(
  trend: AnalyticsTrend,
  figure: (bucket: AnalyticsTrend['buckets'][0]) => number | null,
) {
  const known = trend.buckets.flatMap((bucket) => {
    const value = figure(bucket);
    return value === null ? [] : [{ value, label: bucketHeading(bucket.start, trend.unit) }];
  });
  if (known.length === 0) return null;
  const sorted = [...known].sort((a, b) => a.value - b.value);
  return { lowest: sorted[0]!, highest: sorted.at(-1)! };
}

function CallsChart({ trend }: { trend: AnalyticsTrend }) {
  const title = `Calls ${per[trend.unit]}`;
  const totals = outcomes.map((outcome) => ({
    label: callOutcomeCatalogue[outcome].label,
    count: trend.buckets.reduce((sum, bucket) => sum + bucket[outcome], 0),
  }));
  const summary =
    `${title}, ${spanOf(trend)}: ` +
    totals.map((total) => `${formatCount(total.count)} ${total.label.toLowerCase()}`).join(', ');
  return (
    <ChartFigure
      title={title}
      summary={summary}
      headings={['', ...outcomes.map((outcome) => callOutcomeCatalogue[outcome].label)]}
      rows={trend.buckets.map((bucket) => ({
        key: bucket.start,
        cells: [
          bucketHeading(bucket.start, trend.unit),
          ...outcomes.map((outcome) => formatCount(bucket[outcome])),
        ],
      }))}
    >
      <BarChart
        h={CHART_HEIGHT}
        data={trend.buckets.map((bucket) => ({
          ...bucket,
          label: bucketLabel(bucket.start, trend.unit),
        }))}
        dataKey="label"
        type="stacked"
        withLegend
        tooltipAnimationDuration={0}
        valueFormatter={formatCount}
        series={outcomes.map((outcome) => ({
          name: outcome,
          label: callOutcomeCatalogue[outcome].label,
          color: `${callOutcomeCatalogue[outcome].colour}.6`,
        }))}
      />
    </ChartFigure>
  );
}

function LineFigure({
  trend,
  name,
  figure,
  format,
  colour,
  domain,
}: {
  trend: AnalyticsTrend;
  name: string;
  figure: (bucket: AnalyticsTrend['buckets'][0]) => number | null;
  format: (value: number | null) => string;
  colour: string;
  /** The axis' fixed ends, where the figure has them (a percent). */
  domain?: [number, number];
}) {
  const title = `${name} ${per[trend.unit]}`;
  const range = extremes(trend, figure);
  const summary = range
    ? `${title}, ${spanOf(trend)}: lowest ${format(range.lowest.value)} (${range.lowest.label}), ` +
      `highest ${format(range.highest.value)} (${range.highest.label})`
    : `${title}, ${spanOf(trend)}: no calls`;
  return (
    <ChartFigure
      title={title}
      summary={summary}
      headings={['', name]}
      rows={trend.buckets.map((bucket) => ({
        key: bucket.start,
        cells: [bucketHeading(bucket.start, trend.unit), format(figure(bucket))],
      }))}
    >
      <LineChart
        h={CHART_HEIGHT}
        data={trend.buckets.map((bucket) => ({
          label: bucketLabel(bucket.start, trend.unit),
          value: figure(bucket),
        }))}
        dataKey="label"
        connectNulls
        curveType="linear"
        withDots={trend.buckets.length <= 31}
        yAxisProps={domain ? { domain } : undefined}
        tooltipAnimationDuration={0}
        valueFormatter={(value) => format(value)}
        series={[{ name: 'value', label: name, color: colour }]}
      />
    </ChartFigure>
  );
}

function StatusTitle({ title }: { title: string }) {
  return (
    <Title order={useContext(TitleOrder)} size="h4" mb="sm">
      {title}
    </Title>
  );
}

/** Off shift: a night of it would dwarf a day's work, so the chart leaves it out. */
const OFF_SHIFT_STATUS = 'gone_home';

function StatusTimeChart({ trend }: { trend: AnalyticsTrend }) {
  const title = `Time per status ${per[trend.unit]}`;
  const statuses = trend.statuses.filter(({ status }) => status !== OFF_SHIFT_STATUS);
  if (statuses.length === 0) {
    return (
      <Paper withBorder radius="md" p="md">
        <StatusTitle title={title} />
        <Text c="dimmed" size="sm">
          {analyticsMessages.noStatusTime}
        </Text>
      </Paper>
    );
  }
  const totals = statuses.map(({ status, label }) => ({
    label,
    seconds: trend.buckets.reduce((sum, bucket) => sum + (bucket.statusSeconds[status] ?? 0), 0),
  }));
  const summary =
    `${title}, ${spanOf(trend)}: ` +
    totals.map((total) => `${total.label} ${formatDuration(total.seconds)}`).join(', ');
  return (
    <ChartFigure
      title={title}
      summary={summary}
      note={statuses.length < trend.statuses.length ? analyticsMessages.offShiftLeftOut : undefined}
      headings={['', ...statuses.map((status) => status.label)]}
      rows={trend.buckets.map((bucket) => ({
        key: bucket.start,
        cells: [
          bucketHeading(bucket.start, trend.unit),
          ...statuses.map(({ status }) => formatDuration(bucket.statusSeconds[status] ?? 0)),
        ],
      }))}
    >
      <BarChart
        h={CHART_HEIGHT}
        data={trend.buckets.map((bucket) => ({
          label: bucketLabel(bucket.start, trend.unit),
          ...Object.fromEntries(
            statuses.map(({ status }) => [status, hours(bucket.statusSeconds[status] ?? 0)]),
          ),
        }))}
        dataKey="label"
        type="stacked"
        withLegend
        // Wide enough for '360,000 h' (a centre's month) on one line: recharts wraps a tick
        // wider than its axis.
        yAxisProps={{ width: 80, tickFormatter: (value: number) => `${formatCount(value)} h` }}
        tooltipAnimationDuration={0}
        valueFormatter={(value) => formatDuration(value * 3600)}
        series={statuses.map(({ status, label }) => ({
          name: status,
          label,
          color: statusColour(status),
        }))}
      />
    </ChartFigure>
  );
}

/**
 * The range's trends as Mantine charts: calls by outcome (stacked), answer rate, average
 * handle time, and time per status (stacked), a bar or point per day (week, month).
 */
export function TrendCharts({
  trend,
  charts,
  titleOrder,
}: {
  trend: AnalyticsTrend;
  charts: TrendChartSet;
  titleOrder: 3 | 4;
}) {
  return (
    <TitleOrder.Provider value={titleOrder}>
      {charts === 'calls' ? <CallsChart trend={trend} /> : <AllCharts trend={trend} />}
    </TitleOrder.Provider>
  );
}

function AllCharts({ trend }: { trend: AnalyticsTrend }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <CallsChart trend={trend} />
      <StatusTimeChart trend={trend} />
      <LineFigure
        trend={trend}
        name="Answer rate"
        figure={(bucket) => bucket.answerRatePercent}
        format={formatPercent}
        colour="teal.6"
        domain={[0, 100]}
      />
      <LineFigure
        trend={trend}
        name="Average handle time"
        figure={(bucket) => bucket.averageHandleSeconds}
        format={formatSeconds}
        colour="indigo.6"
      />
    </SimpleGrid>
  );
}
