import { type BenchResult, type Target, targetStatus } from './benchmark';

/** A figure in ms: more decimals where they still mean something. */
export function formatMs(ms: number) {
  if (ms < 10) return ms.toFixed(2);
  if (ms < 100) return ms.toFixed(1);
  return Math.round(ms).toLocaleString('en-US');
}

export function formatValue(value: number, unit: string) {
  const digits = Number.isInteger(value) ? 0 : Math.abs(value) < 10 ? 2 : 1;
  const text = value.toLocaleString('en-US', { maximumFractionDigits: digits });
  return unit ? `${text} ${unit}` : text;
}

function formatTarget(result: BenchResult, target: Target) {
  const unit = result.kind === 'value' ? ` ${result.unit}` : ' ms';
  const stat = result.kind === 'latency' ? ` ${target.stat ?? 'p95'}` : '';
  const bounds = [
    target.atMost !== undefined ? `≤ ${target.atMost.toLocaleString('en-US')}${unit}` : '',
    target.atLeast !== undefined ? `≥ ${target.atLeast.toLocaleString('en-US')}${unit}` : '',
  ].filter(Boolean);
  const status = targetStatus(result) === 'met' ? 'met' : 'MISSED';
  return `${bounds.join(', ')}${stat}: ${status}`;
}

export interface TableRow {
  benchmark: string;
  result: BenchResult;
}

const headings = ['benchmark', 'result', 'p50', 'p95', 'p99', 'mean', 'n', 'value', 'target'];
const rightAligned = new Set(['p50', 'p95', 'p99', 'mean', 'n', 'value']);

/** A plain-text table: latencies in ms (p50/p95/p99/mean over n), other figures with units. */
export function formatTable(rows: readonly TableRow[], failures: readonly string[] = []) {
  const cells = rows.map(({ benchmark, result }) => {
    const latency =
      result.kind === 'latency'
        ? [
            formatMs(result.stats.p50),
            formatMs(result.stats.p95),
            formatMs(result.stats.p99),
            formatMs(result.stats.mean),
            String(result.stats.n),
            '',
          ]
        : ['', '', '', '', '', formatValue(result.value, result.unit)];
    return [
      benchmark,
      result.name,
      ...latency,
      result.target ? formatTarget(result, result.target) : '',
    ];
  });
  const widths = headings.map((heading, column) =>
    Math.max(heading.length, ...cells.map((row) => row[column]!.length)),
  );
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) =>
        rightAligned.has(headings[column]!)
          ? cell.padStart(widths[column]!)
          : cell.padEnd(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  const notes = rows
    .filter(({ result }) => result.note)
    .map(({ benchmark, result }) => `  ${benchmark} / ${result.name}: ${result.note}`);
  return [
    line(headings),
    line(widths.map((width) => '-'.repeat(width))),
    ...cells.map(line),
    ...(notes.length ? ['', 'Notes:', ...notes] : []),
    ...(failures.length ? ['', 'FAILED:', ...failures.map((failure) => `  ${failure}`)] : []),
  ].join('\n');
}
