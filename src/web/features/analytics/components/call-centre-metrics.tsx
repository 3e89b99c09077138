import { ActionIcon, Button, List, Popover, Stack, Text } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { CallFigures } from '../../../../shared/schemas/analytics';
import { type Figure, FigureList } from './figure-list';
import { formatPercent, formatSeconds } from './format';

/** The standard call-centre metrics, by their industry names. */
export function callCentreMetrics(figures: CallFigures): Figure[] {
  return [
    { label: 'Answer rate', value: formatPercent(figures.answerRatePercent) },
    { label: 'Avg handle time', value: formatSeconds(figures.averageHandleSeconds) },
    { label: 'Avg after-call work', value: formatSeconds(figures.averageAfterCallSeconds) },
    { label: 'Occupancy', value: formatPercent(figures.occupancyPercent) },
  ];
}

export function CallCentreMetrics({ figures }: { figures: CallFigures }) {
  return <FigureList figures={callCentreMetrics(figures)} />;
}

const HELP_TITLE = 'About these figures';

/**
 * What the metrics mean: the industry definitions, one click away wherever they show. Beside
 * a panel's title it is an icon (named for screen readers); above a list of cards, a text
 * button.
 */
export function MetricsHelp({
  withText = false,
  more,
}: {
  withText?: boolean;
  /** The definitions of more figures on the view (the queues'). */
  more?: ReactNode;
}) {
  return (
    <Popover width={more ? 400 : 340} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        {withText ? (
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            leftSection={<IconHelpCircle size={16} stroke={1.6} aria-hidden />}
          >
            {HELP_TITLE}
          </Button>
        ) : (
          <ActionIcon variant="subtle" color="gray" aria-label={HELP_TITLE}>
            <IconHelpCircle size={18} stroke={1.6} aria-hidden />
          </ActionIcon>
        )}
      </Popover.Target>
      <Popover.Dropdown aria-label={HELP_TITLE}>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {HELP_TITLE}
          </Text>
          <List size="sm" spacing={6}>
            <List.Item>
              <strong>Answer rate</strong>: inbound calls answered ÷ inbound calls offered
              (answered, declined or not answered). Outbound calls are left out: they are always
              logged as answered and would inflate it.
            </List.Item>
            <List.Item>
              <strong>Avg handle time</strong> (AHT): talk time ÷ handled calls (answered calls that
              have ended).
            </List.Item>
            <List.Item>
              <strong>Avg after-call work</strong> (ACW): time in After Call Work ÷ handled calls.
            </List.Item>
            <List.Item>
              <strong>Occupancy</strong>: time On Call and in After Call Work ÷ time Available, On
              Call and in After Call Work.
            </List.Item>
          </List>
          <Text size="xs" c="dimmed">
            Calls count by when they came in; a dash means there is nothing to divide by yet. Total
            calls, answered, declined and Not Answered include outbound calls.
          </Text>
          {more}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
