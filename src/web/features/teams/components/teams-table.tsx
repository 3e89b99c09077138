import { ActionIcon, Anchor, Badge, Group, Table, Text } from '@mantine/core';
import {
  IconEdit,
  IconListCheck,
  IconPhoneIncoming,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import type { Team, TeamSortColumn } from '../../../../shared/schemas/teams';
import { SortableTh } from '../../../components/list-panel';
import { ScrollableTable } from '../../../components/scrollable-table';
import { tooltip } from '../../../components/shared-tooltip';
import { formatDate } from '../../../lib/format-date';
import type { ListParams } from '../../../lib/use-list-params';
import { formatCount } from '../../../lib/format-number';

interface TeamsTableProps {
  teams: Team[];
  /** Its sort: the sortable headers show and change it. */
  list: Pick<ListParams<TeamSortColumn>, 'sort' | 'toggleSort'>;
  canManageTeams: boolean;
  onOpenMembers: (team: Team) => void;
  onOpenWrapUp: (team: Team) => void;
  onOpenInbound: (team: Team) => void;
  onEdit: (team: Team) => void;
  onDelete: (team: Team) => void;
}

/** Spec §2 'Teams Management page': Team Name, Description, Created By, Created Date, Members, Actions. */
export function TeamsTable({
  teams,
  list,
  canManageTeams,
  onOpenMembers,
  onOpenWrapUp,
  onOpenInbound,
  onEdit,
  onDelete,
}: TeamsTableProps) {
  return (
    <ScrollableTable label="Teams" minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Teams">
        <Table.Thead>
          <Table.Tr>
            <SortableTh list={list} column="name">
              Team Name
            </SortableTh>
            <SortableTh list={list} column="description">
              Description
            </SortableTh>
            <SortableTh list={list} column="createdBy">
              Created By
            </SortableTh>
            <SortableTh list={list} column="created">
              Created Date
            </SortableTh>
            <SortableTh list={list} column="members">
              Members
            </SortableTh>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {teams.map((team) => (
            <Table.Tr key={team.id}>
              {/* A long name or description without spaces wraps anywhere, not the table. */}
              <Table.Td maw={240}>
                <Anchor
                  component="button"
                  type="button"
                  fw={600}
                  ta="start"
                  style={{ overflowWrap: 'anywhere' }}
                  onClick={() => onOpenMembers(team)}
                >
                  {team.name}
                </Anchor>
              </Table.Td>
              <Table.Td maw={320}>
                {team.description ? (
                  <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                    {team.description}
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    No description
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{team.created_by}</Table.Td>
              <Table.Td>
                <time dateTime={team.created_at}>{formatDate(team.created_at)}</time>
              </Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color="blue"
                  leftSection={<IconUsers size={12} aria-hidden />}
                >
                  {formatCount(team.member_count)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Members of ${team.name}`}
                    onClick={() => onOpenMembers(team)}
                    {...tooltip('Members')}
                  >
                    <IconUsers size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Wrap-up of ${team.name}`}
                    onClick={() => onOpenWrapUp(team)}
                    {...tooltip('Wrap-up codes and rules')}
                  >
                    <IconListCheck size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Inbound calls of ${team.name}`}
                    onClick={() => onOpenInbound(team)}
                    {...tooltip('Inbound calls and service level')}
                  >
                    <IconPhoneIncoming size={18} aria-hidden />
                  </ActionIcon>
                  {canManageTeams && (
                    <>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Edit ${team.name}`}
                        onClick={() => onEdit(team)}
                        {...tooltip('Edit')}
                      >
                        <IconEdit size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${team.name}`}
                        onClick={() => onDelete(team)}
                        {...tooltip('Delete')}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollableTable>
  );
}
