import { Badge, Button, Group, Stack, Table, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { teamMessages } from '../../../../shared/messages';
import { canChangeRoleOf, canRemoveMember } from '../../../../shared/permissions';
import type { Team, TeamMember, TeamMemberSortColumn } from '../../../../shared/schemas/teams';
import { AppModal } from '../../../components/app-modal';
import { FormAlert } from '../../../components/form-alert';
import { ListPanel, SortableTh } from '../../../components/list-panel';
import { ScrollableTable } from '../../../components/scrollable-table';
import { useSession } from '../../../lib/session';
import type { ListParams } from '../../../lib/use-list-params';
import type { Notice } from '../../../lib/use-notice';
import { useTeamMembers } from '../api/get-team-members';
import { useUpdateTeamMemberRole } from '../api/update-team-member';
import { teamErrorMessage } from '../error-messages';
import { teamMemberRoleLabels } from './team-member-roles';

interface TeamMembersModalProps {
  team: Team;
  /** The list's search, sort and page, kept by the caller across the dialogs it switches to. */
  list: ListParams<TeamMemberSortColumn>;
  notice: Notice | null;
  /** The member whose Remove button takes the focus on opening (a removal was cancelled). */
  focusRemoveOf?: string | undefined;
  onSuccess: (message: string) => void;
  onError: (message: string) => void;
  onAddMember: () => void;
  /** Asks to remove the member: the caller confirms first. */
  onRemove: (member: TeamMember) => void;
  onClose: () => void;
}

const accountLabels = { admin: 'Admin', employee: 'Employee' } as const;

/** In place of the actions a leader may not take on a member (shared/permissions.ts). */
const SUPER_ADMIN_ONLY = 'Super admin only';

/**
 * A team's members with their roles, a page at a time (a team may have a hundred or more),
 * searched and sorted on the server: promote, demote, remove, and the way to add one.
 */
export function TeamMembersModal({
  team,
  list,
  notice,
  focusRemoveOf,
  onSuccess,
  onError,
  onAddMember,
  onRemove,
  onClose,
}: TeamMembersModalProps) {
  const { data: user } = useSession();
  const theme = useMantineTheme();
  const isPhone = useMediaQuery(`(max-width: ${theme.breakpoints.xs})`, false, {
    getInitialValueInEffect: false,
  });
  const members = useTeamMembers(team.id, list.queryString);
  const updateRole = useUpdateTeamMemberRole();
  const busyMemberId = updateRole.isPending ? updateRole.variables.memberId : undefined;
  // Back from a cancelled removal, the focus returns to that member's Remove button if it is
  // still listed; otherwise, as on first opening, to Add Member.
  const focusedRemoveId = members.data?.members.some((member) => member.id === focusRemoveOf)
    ? focusRemoveOf
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
            data-autofocus={focusedRemoveId ? undefined : true}
          >
            Add Member
          </Button>
        </Group>
        <ListPanel
          bare
          list={list}
          query={members}
          rowsOf={(page) => page.members}
          texts={{
            searchLabel: 'Search members',
            searchPlaceholder: 'Search members by username or name...',
            loading: 'Loading members...',
            loadFailed: () => teamMessages.membersLoadFailed,
            noun: 'members',
            noSearchResults: 'No members match your search',
            noneYet: teamMessages.noMembers,
          }}
        >
          {(page) => (
            <ScrollableTable label={`${team.name} Members`} minWidth={300}>
              <Table verticalSpacing="sm" aria-label={`${team.name} Members`}>
                <Table.Thead>
                  <Table.Tr>
                    <SortableTh list={list} column="username">
                      Member
                    </SortableTh>
                    <SortableTh list={list} column="role">
                      Role
                    </SortableTh>
                    <Table.Th>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {page.members.map((member) => {
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
                          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                            {member.full_name
                              ? `${member.full_name} · ${accountLabels[member.user_role]}`
                              : accountLabels[member.user_role]}
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
                                onClick={() => onRemove(member)}
                                data-autofocus={focusedRemoveId === member.id ? true : undefined}
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
            </ScrollableTable>
          )}
        </ListPanel>
      </Stack>
    </AppModal>
  );
}
