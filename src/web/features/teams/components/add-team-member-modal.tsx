import { Alert, Button, Group, Select, Stack } from '@mantine/core';
import { AppModal } from '../../../components/app-modal';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useState } from 'react';
import { teamMessages } from '../../../../shared/messages';
import type { Team, TeamCandidate, TeamMemberRole } from '../../../../shared/schemas/teams';
import { FormAlert } from '../../../components/form-alert';
import { useAddTeamMember } from '../api/add-team-member';
import { useTeamCandidates } from '../api/get-team-candidates';
import { teamErrorMessage } from '../error-messages';
import { teamMemberRoleOptions } from './team-member-roles';

interface AddTeamMemberModalProps {
  team: Team;
  onAdded: (message: string) => void;
  onCancel: () => void;
}

/** 'alice' or, for someone in another team, 'alice (in Night Shift)'. */
function candidateLabel(candidate: TeamCandidate) {
  return candidate.current_team
    ? `${candidate.username} (in ${candidate.current_team.name})`
    : candidate.username;
}

function candidateOptions(candidates: TeamCandidate[]) {
  const option = (candidate: TeamCandidate) => ({
    value: candidate.id,
    label: candidateLabel(candidate),
    disabled: !candidate.can_add,
  });
  return [
    { group: 'Employees', items: candidates.filter((c) => c.role === 'employee').map(option) },
    { group: 'Admins', items: candidates.filter((c) => c.role === 'admin').map(option) },
  ].filter((group) => group.items.length > 0);
}

/**
 * Spec §2 'Add Team Member': a user and a role. A user is in one team at most (DESIGN.md), so
 * choosing someone from another team says, before adding, that they will be moved.
 */
export function AddTeamMemberModal({ team, onAdded, onCancel }: AddTeamMemberModalProps) {
  const candidates = useTeamCandidates(team.id);
  const addMember = useAddTeamMember();
  const [userId, setUserId] = useState<string | null>(null);
  const [role, setRole] = useState<TeamMemberRole>('member');
  const chosen = candidates.data?.find((candidate) => candidate.id === userId);
  const hasLockedCandidates = candidates.data?.some((candidate) => !candidate.can_add) ?? false;
  const isAdding = addMember.isPending;

  function add() {
    if (!chosen || isAdding) return;
    addMember.mutate(
      { teamId: team.id, member: { userId: chosen.id, role } },
      { onSuccess: ({ message }) => onAdded(message) },
    );
  }

  return (
    <AppModal opened onClose={onCancel} title="Add Team Member" centered>
      <Stack gap="md">
        {addMember.isError && (
          <FormAlert tone="error">
            {teamErrorMessage(addMember.error, teamMessages.addMemberFailed)}
          </FormAlert>
        )}
        {candidates.isError && (
          <FormAlert tone="error">
            {teamErrorMessage(candidates.error, 'Failed to load users')}
          </FormAlert>
        )}
        <Select
          label="Select User"
          placeholder={candidates.isPending ? 'Loading users...' : 'Choose a user'}
          description={
            hasLockedCandidates
              ? 'Greyed-out users are in a team you do not lead: only a super admin can move them.'
              : undefined
          }
          data={candidates.data ? candidateOptions(candidates.data) : []}
          disabled={!candidates.data}
          searchable
          nothingFoundMessage="No users to add"
          value={userId}
          onChange={setUserId}
          data-autofocus
        />
        <Select
          label="Role"
          data={teamMemberRoleOptions}
          value={role}
          onChange={(value) => {
            if (value === 'member' || value === 'team_leader') setRole(value);
          }}
          allowDeselect={false}
        />
        {chosen?.current_team && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconArrowsExchange aria-hidden />}
            title="This user will change team"
          >
            {chosen.username} is in {chosen.current_team.name}. Adding them to {team.name} moves
            them out of {chosen.current_team.name}.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button disabled={!chosen || isAdding} onClick={add}>
            {isAdding ? 'Adding...' : 'Add Member'}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
