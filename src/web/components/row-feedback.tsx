import { Text } from '@mantine/core';

interface RowFeedbackProps {
  /** Why the row's last save was refused, or its confirmation that it saved. */
  message: string | null;
  tone: 'error' | 'success';
  /**
   * Whether this is the row being edited, whose one alert region is there from the start so
   * that what appears in it is announced. A closed row only keeps showing its confirmation.
   */
  live: boolean;
}

/** What became of a table row's inline edit, in the row itself: on a long list the page's top
 * is out of view. */
export function RowFeedback({ message, tone, live }: RowFeedbackProps) {
  return (
    <Text
      role={live ? 'alert' : undefined}
      size="xs"
      c={tone === 'error' ? 'red' : 'green'}
      mt={message ? 4 : 0}
    >
      {message}
    </Text>
  );
}
