import { Group, type MantineColor, Paper, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';

export type FiguresStatus = 'loading' | 'failed' | 'ready';

interface StatCardProps {
  title: string;
  icon: Icon;
  color: MantineColor;
  status: FiguresStatus;
  value?: ReactNode;
  /** The line under the figure: its trend or what it means. */
  detail?: ReactNode;
  /** Anything under the detail, such as a bar. */
  footer?: ReactNode;
  /** The figure's last days, under everything (see Sparkline). */
  sparkline?: ReactNode;
}

/**
 * One figure of a dashboard or analytics page, as a section named by its title. Loading shows a skeleton;
 * a failed load shows a dash (spec §8: dashboard and analytics load errors are logged, not shown).
 */
export function StatCard({
  title,
  icon: CardIcon,
  color,
  status,
  value,
  detail,
  footer,
  sparkline,
}: StatCardProps) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Text id={titleId} component="h3" size="sm" fw={600} c="dimmed" tt="uppercase" lts={0.4}>
          {title}
        </Text>
        <ThemeIcon variant="light" color={color} size={38} radius="md" aria-hidden>
          <CardIcon size={22} stroke={1.6} />
        </ThemeIcon>
      </Group>
      {status === 'loading' ? (
        <>
          <Skeleton height={30} width="45%" mt={6} />
          <Skeleton height={12} width="70%" mt={12} />
        </>
      ) : (
        <>
          <Text fz={30} fw={700} lh={1.2} mt={4} truncate="end">
            {status === 'failed' ? '—' : value}
          </Text>
          {status === 'ready' && detail && (
            <Text size="sm" c="dimmed" mt={6}>
              {detail}
            </Text>
          )}
          {status === 'ready' && footer}
          {status === 'ready' && sparkline}
        </>
      )}
    </Paper>
  );
}
