import { Button, Group, List, Stack, Text } from '@mantine/core';
import { teamMessages } from '../../../../shared/messages';
import type { Team, TeamMember } from '../../../../shared/schemas/teams';
import { AppModal } from '../../../components/app-modal';
import { FormAlert } from '../../../components/form-alert';
import { isApiError } from '../../../lib/api-client';
import { useRemoveTeamMember } from '../api/remove-team-member';
import { teamErrorMessage } from '../error-messages';

type RemovedMember = Pick<TeamMember, 'username' | 'user_role' | 'role'>;

/**
 * What removing a member changes for them, in the words of the rules that follow from a team
 * (shared/permissions.ts): a leader stops leading it; an admin left with no team sees every
 * employee (`employeeScope`); an employee drops out of what the team's admins see.
 */
export function removalConsequences(member: RemovedMember, teamName: string): string[] {
  const consequences: string[] = [];
  if (member.role === 'team_leader') {
    consequences.push(
      member.user_role === 'admin'
        ? `They stop leading ${teamName} and can no longer manage its members.`
        : `They stop leading ${teamName}.`,
    );
  }
  consequences.push(
    member.user_role === 'admin'
      ? `With no team, they will see every employee on the Employees page, in analytics and on the live floor, not only ${teamName}'s.`
      : `They leave ${teamName}: its admins and leader no longer see them on the Employees page, in analytics or on the live floor.`,
  );
  return consequences;
}

interface RemoveTeamMemberModalProps {
  team: Team;
  member: TeamMember;
  onRemoved: () => void;
  onCancel: () => void;
}

/**
 * Remove asks first, naming the member and what changes for them. Cancel has the focus, so
 * Enter never removes by accident; a failure shows here, beside the choice.
 */
export function RemoveTeamMemberModal({
  team,
  member,
  onRemoved,
  onCancel,
}: RemoveTeamMemberModalProps) {
  const removeMember = useRemoveTeamMember();
  // Someone removed them (or deleted the team) first: nothing is left to confirm.
  const isGone = isApiError(removeMember.error, 404);

  return (
    <AppModal opened onClose={onCancel} title="Remove Team Member" centered>
      <Stack gap="md">
        {removeMember.isError && (
          <FormAlert tone="error">
            {teamErrorMessage(removeMember.error, teamMessages.removeMemberFailed)}
          </FormAlert>
        )}
        {!isGone && (
          <>
            <Text style={{ overflowWrap: 'anywhere' }}>
              Remove <strong>{member.username}</strong> from <strong>{team.name}</strong>?
            </Text>
            <List size="sm" spacing="xs">
              {removalConsequences(member, team.name).map((consequence) => (
                <List.Item key={consequence}>{consequence}</List.Item>
              ))}
            </List>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {isGone ? 'OK' : 'Cancel'}
          </Button>
          {!isGone && (
            <Button
              color="red"
              disabled={removeMember.isPending}
              onClick={() =>
                removeMember.mutate({ teamId: team.id, member }, { onSuccess: onRemoved })
              }
            >
              {removeMember.isPending ? 'Removing...' : 'Remove Member'}
            </Button>
          )}
        </Group>
      </Stack>
    </AppModal>
  );
}
