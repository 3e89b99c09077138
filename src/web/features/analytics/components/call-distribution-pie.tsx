import { Group, Stack, Text } from '@mantine/core';
import { type PieSlice, callDistribution } from '../../../../shared/analytics';
import type { CallFigures } from '../../../../shared/schemas/analytics';
import { analyticsMessages } from '../messages';
import classes from './analytics.module.css';
import { themeColour } from './format';
import { formatCount, formatPercentage } from '../../../lib/format-number';

const SIZE = 260;
/** Room each side for a label beside its slice ('100%' at the far left or right). */
const LABEL_ROOM = 24;
const WIDTH = SIZE + 2 * LABEL_ROOM;
const CENTRE_X = WIDTH / 2;
const CENTRE = SIZE / 2;
const RADIUS = 84;
/** Labels sit just outside their slice, so they read on any slice colour. */
const LABEL_RADIUS = RADIUS + 22;

function pointAt(angle: number, radius: number) {
  return { x: CENTRE_X + radius * Math.cos(angle), y: CENTRE + radius * Math.sin(angle) };
}

interface PlacedSlice extends PieSlice {
  startAngle: number;
  endAngle: number;
}

/** Slices clockwise from twelve o'clock, in the spec's order. */
function place(slices: PieSlice[]): PlacedSlice[] {
  const total = slices.reduce((sum, slice) => sum + slice.count, 0);
  let angle = -Math.PI / 2;
  return slices.map((slice) => {
    const startAngle = angle;
    angle += (slice.count / total) * 2 * Math.PI;
    return { ...slice, startAngle, endAngle: angle };
  });
}

function slicePath({ startAngle, endAngle }: PlacedSlice) {
  const start = pointAt(startAngle, RADIUS);
  const end = pointAt(endAngle, RADIUS);
  const isLarge = endAngle - startAngle > Math.PI ? 1 : 0;
  return (
    `M ${CENTRE_X} ${CENTRE} L ${start.x} ${start.y} ` +
    `A ${RADIUS} ${RADIUS} 0 ${isLarge} 1 ${end.x} ${end.y} Z`
  );
}

function SliceLabel({ slice }: { slice: PlacedSlice }) {
  const middle = (slice.startAngle + slice.endAngle) / 2;
  const { x, y } = pointAt(middle, LABEL_RADIUS);
  const cos = Math.cos(middle);
  const anchor = Math.abs(cos) < 0.2 ? 'middle' : cos > 0 ? 'start' : 'end';
  return (
    <text x={x} y={y} textAnchor={anchor} dominantBaseline="middle" className={classes.pieLabel}>
      {formatPercentage(slice.percent)}
    </text>
  );
}

/**
 * Spec §2 'Call Distribution': Answered green, Declined red, Not Answered orange; a slice is
 * labelled with its percent when over 5 % (callDistribution decides). No calls: 'New
 * Employee'. The legend beside it gives every count and share, labelled or not.
 */
export function CallDistributionPie({
  figures,
}: {
  figures: Pick<CallFigures, 'answered' | 'declined' | 'missed'>;
}) {
  const slices = place(callDistribution(figures));
  if (slices.length === 0) {
    return (
      <Stack align="center" gap={4}>
        <svg
          width={SIZE}
          height={SIZE}
          viewBox={`0 0 ${SIZE} ${SIZE}`}
          role="img"
          aria-label={`Call Distribution: ${analyticsMessages.newEmployee}, no calls in this range`}
        >
          <circle cx={CENTRE} cy={CENTRE} r={RADIUS - 9} className={classes.placeholderRing} />
          <text
            x={CENTRE}
            y={CENTRE}
            textAnchor="middle"
            dominantBaseline="middle"
            className={classes.pieLabel}
          >
            {analyticsMessages.newEmployee}
          </text>
        </svg>
        <Text size="sm" c="dimmed">
          No calls in this range yet
        </Text>
      </Stack>
    );
  }
  const summary = slices.map(
    (slice) => `${slice.label} ${formatCount(slice.count)} (${formatPercentage(slice.percent)})`,
  );
  return (
    <Group justify="center" align="center" gap="lg">
      <svg
        width={WIDTH}
        height={SIZE}
        viewBox={`0 0 ${WIDTH} ${SIZE}`}
        style={{ maxWidth: '100%', height: 'auto' }}
        role="img"
        aria-label={`Call Distribution: ${summary.join(', ')}`}
      >
        {slices.map((slice) =>
          slices.length === 1 ? (
            <circle
              key={slice.outcome}
              cx={CENTRE_X}
              cy={CENTRE}
              r={RADIUS}
              style={{ fill: themeColour(slice.colour) }}
            />
          ) : (
            <path
              key={slice.outcome}
              d={slicePath(slice)}
              style={{
                fill: themeColour(slice.colour),
                stroke: 'var(--mantine-color-body)',
                strokeWidth: 2,
              }}
            />
          ),
        )}
        {slices
          .filter((slice) => slice.isLabelled)
          .map((slice) => (
            <SliceLabel key={slice.outcome} slice={slice} />
          ))}
      </svg>
      <Stack component="ul" gap={6} className={classes.legend} aria-label="Calls by outcome">
        {slices.map((slice) => (
          <Group component="li" key={slice.outcome} gap="xs" wrap="nowrap">
            <span
              className={classes.swatch}
              style={{ backgroundColor: themeColour(slice.colour) }}
              aria-hidden
            />
            <Text size="sm">
              {slice.label}: <strong>{formatCount(slice.count)}</strong> (
              {formatPercentage(slice.percent)})
            </Text>
          </Group>
        ))}
      </Stack>
    </Group>
  );
}
