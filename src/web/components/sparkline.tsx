import type { MantineColor } from '@mantine/core';

const WIDTH = 120;
const HEIGHT = 28;
/** Room for the stroke at the top and bottom. */
const PAD = 2;

/**
 * A figure's last days as a line (a gap where a day has no figure), drawn by hand in SVG:
 * the dashboard it sits on stays light. `label` is its text alternative.
 */
export function Sparkline({
  values,
  color,
  label,
  domain,
}: {
  values: readonly (number | null)[];
  color: MantineColor;
  label: string;
  /** The figure's fixed bottom and top (a percent's 0 and 100); else its lowest and highest. */
  domain?: [number, number];
}) {
  const known = values.filter((value): value is number => value !== null);
  const [low, high] = domain ?? [Math.min(...known), Math.max(...known)];
  const x = (index: number) =>
    values.length < 2 ? WIDTH / 2 : (index / (values.length - 1)) * WIDTH;
  // A flat line sits in the middle.
  const y = (value: number) =>
    high === low ? HEIGHT / 2 : PAD + ((high - value) / (high - low)) * (HEIGHT - 2 * PAD);
  // The days with a figure, in runs between the days without one.
  const runs: { x: number; y: number }[][] = [];
  let run: { x: number; y: number }[] = [];
  values.forEach((value, index) => {
    if (value === null) {
      if (run.length > 0) runs.push(run);
      run = [];
    } else run.push({ x: x(index), y: y(value) });
  });
  if (run.length > 0) runs.push(run);
  const stroke = `var(--mantine-color-${color}-6)`;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      width="100%"
      height={HEIGHT}
      style={{ display: 'block', marginTop: 'var(--mantine-spacing-sm)', overflow: 'visible' }}
    >
      {runs.map((points) =>
        points.length === 1 ? (
          <circle key={points[0]!.x} cx={points[0]!.x} cy={points[0]!.y} r={1.5} fill={stroke} />
        ) : (
          <polyline
            key={points[0]!.x}
            points={points.map((point) => `${point.x.toFixed(1)},${point.y.toFixed(1)}`).join(' ')}
            fill="none"
            stroke={stroke}
            strokeWidth={1.5}
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        ),
      )}
    </svg>
  );
}
