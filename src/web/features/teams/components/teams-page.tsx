import { Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { teamMessages } from '../../../../shared/messages';
import { canManageTeams } from '../../../../shared/permissions';
import type { Team } from '../../../../shared/schemas/teams';
import { FormAlert } from '../../../components/form-alert';
import { useSession } from '../../../lib/session';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/timings';
import { useNotice } from '../../../lib/use-notice';
import { useTeams } from '../api/get-teams';
import { CreateTeamForm } from './create-team-form';
import { DeleteTeamModal } from './delete-team-modal';
import { EditTeamModal } from './edit-team-modal';
import { TeamMembersDialogs } from './team-members-dialogs';
import { TeamsTable } from './teams-table';
import { MAX_SEARCH_LENGTH } from '../../../../shared/schemas/field-rules';

type TeamDialog = { kind: 'members' | 'edit' | 'delete'; team: Team };

/** The hint under 'No teams found' for a non-super-admin, who sees only the teams they lead. */
export const LEADER_EMPTY_HINT = 'Teams you lead will appear here';

/**
 * Spec §2 'Teams Management page'. A super admin sees and manages every team; an admin who
 * leads a team sees that team and manages its members.
 */
export function TeamsPage() {
  const { data: user } = useSession();
  const isSuperAdmin = user ? canManageTeams(user) : false;
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const teams = useTeams(debouncedSearch);
  const notice = useNotice();
  const [dialog, setDialog] = useState<TeamDialog | null>(null);
  const closeDialog = () => setDialog(null);
  const isSearching = debouncedSearch.trim() !== '';

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Teams Management</Title>
        <Text c="dimmed">Manage and organize your teams</Text>
      </div>

      {notice.notice && <FormAlert tone={notice.notice.tone}>{notice.notice.message}</FormAlert>}

      {isSuperAdmin && <CreateTeamForm onCreated={() => notice.success(teamMessages.created)} />}

      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <TextInput
            aria-label="Search teams"
            maxLength={MAX_SEARCH_LENGTH}
            placeholder="Search teams..."
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            type="search"
          />
          {teams.isPending ? (
            <Text c="dimmed">Loading teams...</Text>
          ) : teams.isError ? (
            <FormAlert tone="error">{teamMessages.loadFailed}</FormAlert>
          ) : teams.data.teams.length === 0 ? (
            <Stack align="center" gap={4} py="xl">
              <IconUsersGroup size={40} stroke={1.3} aria-hidden />
              <Text fw={600}>{teamMessages.noneFound}</Text>
              <Text c="dimmed" size="sm">
                {isSearching
                  ? teamMessages.hintSearch
                  : isSuperAdmin
                    ? teamMessages.hintCreate
                    : LEADER_EMPTY_HINT}
              </Text>
            </Stack>
          ) : (
            <TeamsTable
              teams={teams.data.teams}
              canManageTeams={isSuperAdmin}
              onOpenMembers={(team) => setDialog({ kind: 'members', team })}
              onEdit={(team) => setDialog({ kind: 'edit', team })}
              onDelete={(team) => setDialog({ kind: 'delete', team })}
            />
          )}
        </Stack>
      </Paper>

      {dialog?.kind === 'members' && (
        <TeamMembersDialogs key={dialog.team.id} team={dialog.team} onClose={closeDialog} />
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
