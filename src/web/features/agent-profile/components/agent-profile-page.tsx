import { useId } from 'react';
import { employeeMessages } from '../../../../shared/messages';
import { Button, Group, Loader, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { FormAlert } from '../../../components/form-alert';
import { AccountSection, ChangePasswordForm, SessionsPanel } from '../../account-security';
import { useShortcutsEnabled } from '../../agent-dashboard';
import { useSession } from '../../../lib/session';
import { useProfile } from '../api/get-profile';
import { profileMessages } from '../error-messages';
import { FullNameForm } from './full-name-form';

/** The portal's Profile page: who you are, your full name, your password and your sessions. */
export function AgentProfilePage() {
  const profile = useProfile();
  const { data: user } = useSession();

  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={2}>Profile</Title>
        <Text c="dimmed">Your account, password and sessions</Text>
      </div>
      {profile.isError && (
        <FormAlert tone="error">
          {profileMessages.loadFailed}{' '}
          <Button size="compact-xs" variant="light" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </FormAlert>
      )}
      {profile.isPending && (
        <Group role="status" aria-label="Loading">
          <Loader size="sm" />
        </Group>
      )}
      {profile.data && (
        <AccountSection title="Account">
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" m={0} mb="md">
            <AccountFact term="Username" value={profile.data.username} />
            <AccountFact term="Team" value={profile.data.team?.name ?? employeeMessages.noTeam} />
          </SimpleGrid>
          <FullNameForm savedFullName={profile.data.full_name} />
        </AccountSection>
      )}
      <AccountSection title="Change Password">
        <ChangePasswordForm username={user?.username ?? ''} />
      </AccountSection>
      <AccountSection title="Sessions">
        <SessionsPanel />
      </AccountSection>
      <AccountSection title="Keyboard">
        <ShortcutsSwitch />
      </AccountSection>
    </Stack>
  );
}

/** The softphone's shortcuts, on unless turned off here (kept in this browser). */
function ShortcutsSwitch() {
  const [isEnabled, setEnabled] = useShortcutsEnabled();
  const descriptionId = useId();
  // The description beside the switch, not in it: Mantine's would join the switch's name.
  return (
    <Stack gap="xs">
      <Switch
        label="Keyboard shortcuts"
        aria-describedby={descriptionId}
        checked={isEnabled}
        onChange={(event) => setEnabled(event.currentTarget.checked)}
      />
      <Text id={descriptionId} size="sm" c="dimmed">
        Alt+Shift and a letter answers, declines, ends, mutes or holds a call; ? lists them all.
      </Text>
    </Stack>
  );
}
function AccountFact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {term}
      </Text>
      <Text component="dd" fw={600} m={0}>
        {value}
      </Text>
    </div>
  );
}
