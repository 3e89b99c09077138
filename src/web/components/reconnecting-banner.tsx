import { Alert, Loader } from '@mantine/core';

/**
 * The live connection, or the server's database, is away: what the page shows may be out of
 * date until it is back, and the page catches up by itself then. A polite status, not an
 * alert: nothing the user did went wrong.
 */
export function ReconnectingBanner() {
  return (
    <Alert
      role="status"
      color="yellow"
      variant="light"
      title="Reconnecting..."
      icon={<Loader size="xs" color="yellow" aria-hidden />}
      mb="md"
    >
      Switchboard cannot be reached right now, so this page may be out of date. It updates by itself
      as soon as the connection is back.
    </Alert>
  );
}
