import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSession } from '../../../lib/session';
import { ChangePasswordForm, SessionsPanel } from '../../account-security';

/**
 * The admin portal's Account page (issue 9), for every admin: your own password and where
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

function AccountSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} withBorder radius="md" p="lg">
      <Title order={3} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
