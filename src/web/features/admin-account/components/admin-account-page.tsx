import { Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../../lib/session';
import { AccountSection, ChangePasswordForm, SessionsPanel } from '../../account-security';

/**
 * The admin portal's Account page, for every admin: your own password and where
 * you are signed in. The server lets any signed-in user change their own password.
 */
export function AdminAccountPage() {
  const { data: user } = useSession();
  return (
    <Stack gap="lg" maw={880}>
      <div>
        <Title order={2}>Account</Title>
        <Text c="dimmed">Your password and sessions</Text>
      </div>
      <AccountSection title="Sessions">
        <SessionsPanel />
      </AccountSection>
      <AccountSection title="Change Password">
        <ChangePasswordForm username={user?.username ?? ''} />
      </AccountSection>
    </Stack>
  );
}
