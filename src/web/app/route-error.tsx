import { Button, Stack } from '@mantine/core';
import { signInMessages } from '../../shared/messages';
import { CenteredCard } from '../components/centered-card';
import { FormAlert } from '../components/form-alert';

/**
 * A route failed: most likely its code could not be loaded (the network dropped, or a new
 * release replaced the files this page was built with). Loading the page again fixes both;
 * the same card as the app gate's when the first requests fail.
 */
export function RouteError() {
  return (
    <CenteredCard>
      <Stack>
        <FormAlert tone="error">{signInMessages.unexpected}</FormAlert>
        <Button onClick={() => window.location.reload()}>Try again</Button>
      </Stack>
    </CenteredCard>
  );
}
