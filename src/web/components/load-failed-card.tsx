import { Button, Stack } from '@mantine/core';
import { signInMessages } from '../../shared/messages';
import { CenteredCard } from './centered-card';
import { FormAlert } from './form-alert';

/** The app could not learn whether setup is pending or who is signed in: say so, offer a retry. */
export function LoadFailedCard({ onRetry }: { onRetry: () => void }) {
  return (
    <CenteredCard>
      <Stack>
        <FormAlert tone="error">{signInMessages.unexpected}</FormAlert>
        <Button onClick={onRetry}>Try again</Button>
      </Stack>
    </CenteredCard>
  );
}
