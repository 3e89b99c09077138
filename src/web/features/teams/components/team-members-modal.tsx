import { Badge, Button, Group, Stack, Table, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { AppModal } from '../../../components/app-modal';
import { IconArrowDown, IconArrowUp, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { teamMessages } from '../../../../shared/messages';
import { canChangeRoleOf, canRemoveMember } from '../../../../shared/permissions';
import type { Team, TeamMember } from '../../../../shared/schemas/teams';
import { FormAlert } from '../../../components/form-alert';
import { useSession } from '../../../lib/session';
import type { Notice } from '../../../lib/use-notice';
import { useRemoveTeamMember } from '../api/remove-team-member';
import { useTeamMembers } from '../api/get-team-members';
import { useUpdateTeamMemberRole } from '../api/update-team-member';
import { teamErrorMessage } from '../error-messages';
import { teamMemberRoleLabels } from './team-member-roles';

interface TeamMembersModalProps {
  team: Team;
  notice: Notice | null;
  onSuccess: (message: string) => void;
  onError: (message: string) => void;
  onAddMember: () => void;
  onClose: () => void;
}

const accountLabels = { admin: 'Admin', employee: 'Employee' } as const;

/** In place of the actions a leader may not take on a member (shared/permissions.ts). */
const SUPER_ADMIN_ONLY = 'Super admin only';

/** A team's members with their roles: promote, demote, remove, and the way to add one. */
export function TeamMembersModal({
  team,
  notice,
  onSuccess,
  onError,
  onAddMember,
  onClose,
}: TeamMembersModalProps) {
  const { data: user } = useSession();
  const theme = useMantineTheme();
  const isPhone = useMediaQuery(`(max-width: ${theme.breakpoints.xs})`, false, {
    getInitialValueInEffect: false,
  });
  const members = useTeamMembers(team.id);
  const updateRole = useUpdateTeamMemberRole();
  const removeMember = useRemoveTeamMember();
  const busyMemberId = updateRole.isPending
    ? updateRole.variables.memberId
    : removeMember.isPending
      ? removeMember.variables.member.id
      : undefined;

  function toggleRole(member: TeamMember) {
    updateRole.mutate(
      {
        teamId: team.id,
        memberId: member.id,
        role: member.role === 'team_leader' ? 'member' : 'team_leader',
      },
      {
        onSuccess: ({ message }) => onSuccess(message),
        onError: (error) => onError(teamErrorMessage(error, teamMessages.roleUpdateFailed)),
      },
    );
  }

  function remove(member: TeamMember) {
    removeMember.mutate(
      { teamId: team.id, member },
      {
        onSuccess: () => onSuccess(teamMessages.memberRemoved),
        onError: (error) => onError(teamErrorMessage(error, teamMessages.removeMemberFailed)),
      },
    );
  }

  return (
    <AppModal
      opened
      onClose={onClose}
      title={`${team.name} Members`}
      size="lg"
      centered
      // A phone: the whole screen, so a member's role and actions fit beside their name.
      fullScreen={isPhone}
    >
      <Stack gap="md">
        {notice && <FormAlert tone={notice.tone}>{notice.message}</FormAlert>}
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {team.description ?? 'No description'}
          </Text>
          <Button
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={onAddMember}
            data-autofocus
          >
            Add Member
          </Button>
        </Group>
        {members.isPending ? (
          <Text c="dimmed">Loading members...</Text>
        ) : members.isError ? (
          <FormAlert tone="error">{teamMessages.membersLoadFailed}</FormAlert>
        ) : members.data.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            {teamMessages.noMembers}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={300}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Member</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {members.data.map((member) => {
                  const isLeader = member.role === 'team_leader';
                  const isBusy = busyMemberId === member.id;
                  const mayChangeRole = !!user && canChangeRoleOf(user, member);
                  const mayRemove = !!user && canRemoveMember(user, member);
                  return (
                    <Table.Tr key={member.id}>
                      <Table.Td>
                        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                          {member.username}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {accountLabels[member.user_role]}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge
                          variant="light"
                          color={isLeader ? 'violet' : 'gray'}
                          miw="max-content"
                        >
                          {teamMemberRoleLabels[member.role]}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs">
                          {!mayChangeRole && !mayRemove && (
                            <Text size="xs" c="dimmed">
                              {SUPER_ADMIN_ONLY}
                            </Text>
                          )}
                          {mayChangeRole && (
                            <Button
                              size="xs"
                              variant="light"
                              leftSection={
                                isLeader ? (
                                  <IconArrowDown size={14} aria-hidden />
                                ) : (
                                  <IconArrowUp size={14} aria-hidden />
                                )
                              }
                              aria-label={`${isLeader ? 'Demote' : 'Promote'} ${member.username}`}
                              disabled={isBusy}
                              onClick={() => toggleRole(member)}
                            >
                              {isLeader ? 'Demote' : 'Promote'}
                            </Button>
                          )}
                          {mayRemove && (
                            <Button
                              size="xs"
                              variant="light"
                              color="red"
                              leftSection={<IconUserMinus size={14} aria-hidden />}
                              aria-label={`Remove ${member.username}`}
                              disabled={isBusy}
                              onClick={() => remove(member)}
                            >
                              Remove
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </AppModal>
  );
}
