import { Stack, Text, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { teamMessages } from '../../../../shared/messages';
import { canManageTeams } from '../../../../shared/permissions';
import { type Team, teamSortColumns } from '../../../../shared/schemas/teams';
import { FormAlert } from '../../../components/form-alert';
import { ListPanel } from '../../../components/list-panel';
import { useSession } from '../../../lib/session';
import { useListParams, useUrlParamStore } from '../../../lib/use-list-params';
import { useNotice } from '../../../lib/use-notice';
import { teamListQuery, useTeamList } from '../api/get-teams';
import { CreateTeamForm } from './create-team-form';
import { DeleteTeamModal } from './delete-team-modal';
import { EditTeamModal } from './edit-team-modal';
import { TeamInboundModal } from './team-inbound-modal';
import { TeamMembersDialogs } from './team-members-dialogs';
import { TeamWrapUpModal } from './team-wrap-up-modal';
import { TeamsTable } from './teams-table';

type TeamDialog = { kind: 'members' | 'wrap-up' | 'inbound' | 'edit' | 'delete'; team: Team };

/** The hint under 'No teams found' for a non-super-admin, who sees only the teams they lead. */
export const LEADER_EMPTY_HINT = 'Teams you lead will appear here';

/** Spec §2's empty state: 'No teams found' and a hint. */
function NoTeams({ hint }: { hint: string }) {
  return (
    <Stack align="center" gap={4} py="xl">
      <IconUsersGroup size={40} stroke={1.3} aria-hidden />
      <Text fw={600}>{teamMessages.noneFound}</Text>
      <Text c="dimmed" size="sm">
        {hint}
      </Text>
    </Stack>
  );
}

/**
 * Spec §2 'Teams Management page'. A super admin sees and manages every team; an admin who
 * leads a team sees that team and manages its members. Newest first unless sorted, a page at a
 * time.
 */
export function TeamsPage() {
  const { data: user } = useSession();
  const isSuperAdmin = user ? canManageTeams(user) : false;
  const queryClient = useQueryClient();
  const list = useListParams(teamSortColumns, useUrlParamStore(), (queryString) =>
    queryClient.prefetchQuery(teamListQuery(queryString)),
  );
  const teams = useTeamList(list.queryString);
  const notice = useNotice();
  const [dialog, setDialog] = useState<TeamDialog | null>(null);
  const closeDialog = () => setDialog(null);

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Teams Management</Title>
        <Text c="dimmed">Manage and organize your teams</Text>
      </div>

      {notice.notice && <FormAlert tone={notice.notice.tone}>{notice.notice.message}</FormAlert>}

      {isSuperAdmin && <CreateTeamForm onCreated={() => notice.success(teamMessages.created)} />}

      <ListPanel
        list={list}
        query={teams}
        rowsOf={(page) => page.teams}
        texts={{
          searchLabel: 'Search teams',
          searchPlaceholder: 'Search teams...',
          loading: 'Loading teams...',
          loadFailed: () => teamMessages.loadFailed,
          // The spec gives this page no footer; paging needs the count, said as the others say it.
          noun: 'teams',
          noSearchResults: <NoTeams hint={teamMessages.hintSearch} />,
          noneYet: <NoTeams hint={isSuperAdmin ? teamMessages.hintCreate : LEADER_EMPTY_HINT} />,
        }}
      >
        {(page) => (
          <TeamsTable
            teams={page.teams}
            list={list}
            canManageTeams={isSuperAdmin}
            onOpenMembers={(team) => setDialog({ kind: 'members', team })}
            onOpenWrapUp={(team) => setDialog({ kind: 'wrap-up', team })}
            onOpenInbound={(team) => setDialog({ kind: 'inbound', team })}
            onEdit={(team) => setDialog({ kind: 'edit', team })}
            onDelete={(team) => setDialog({ kind: 'delete', team })}
          />
        )}
      </ListPanel>

      {dialog?.kind === 'members' && (
        <TeamMembersDialogs key={dialog.team.id} team={dialog.team} onClose={closeDialog} />
      )}
      {dialog?.kind === 'wrap-up' && (
        <TeamWrapUpModal key={dialog.team.id} team={dialog.team} onClose={closeDialog} />
      )}
      {dialog?.kind === 'inbound' && (
        <TeamInboundModal key={dialog.team.id} team={dialog.team} onClose={closeDialog} />
      )}
      {dialog?.kind === 'edit' && (
        <EditTeamModal
          key={dialog.team.id}
          team={dialog.team}
          onClose={closeDialog}
          onSaved={() => {
            closeDialog();
            notice.success(teamMessages.updated);
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteTeamModal
          key={dialog.team.id}
          team={dialog.team}
          onClose={closeDialog}
          onDeleted={() => {
            closeDialog();
            notice.success(teamMessages.deleted);
          }}
        />
      )}
    </Stack>
  );
}
