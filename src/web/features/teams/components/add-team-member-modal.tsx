import { Alert, Button, type ComboboxParsedItem, Group, Select, Stack } from '@mantine/core';
import { AppModal } from '../../../components/app-modal';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { teamMessages } from '../../../../shared/messages';
import { MAX_SEARCH_LENGTH } from '../../../../shared/schemas/field-rules';
import { PAGE_SIZES } from '../../../../shared/schemas/list';
import {
  type Team,
  type TeamCandidate,
  type TeamMemberRole,
  teamCandidateSortColumns,
} from '../../../../shared/schemas/teams';
import { FormAlert } from '../../../components/form-alert';
import { useListParams, useLocalParamStore } from '../../../lib/use-list-params';
import { useAddTeamMember } from '../api/add-team-member';
import { teamCandidatesQuery, useTeamCandidates } from '../api/get-team-candidates';
import { teamErrorMessage } from '../error-messages';
import { teamMemberRoleOptions } from './team-member-roles';
import { formatCount } from '../../../lib/format-number';

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

function candidateOptions(candidates: readonly TeamCandidate[]) {
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

/** A picker is for choosing, not browsing: a short page, and typing narrows it. */
const PICKER_PAGE_SIZE = PAGE_SIZES[0];

/** The options are the server's answer to the search: the picker filters nothing itself. */
const keepServerOptions = ({ options }: { options: ComboboxParsedItem[] }) => options;

/**
 * Spec §2 'Add Team Member': a user and a role. A user is in one team at most (DESIGN.md), so
 * choosing someone from another team says, before adding, that they will be moved.
 * A call centre has thousands of users: the picker shows one page of them and searches on the
 * server as the user types, saying how many more match than it shows.
 */
/** The list's query string, for a picker's page. */
function pickerQuery(listQuery: string) {
  const query = new URLSearchParams(listQuery);
  query.set('pageSize', String(PICKER_PAGE_SIZE));
  return query.toString();
}

export function AddTeamMemberModal({ team, onAdded, onCancel }: AddTeamMemberModalProps) {
  const queryClient = useQueryClient();
  const list = useListParams(teamCandidateSortColumns, useLocalParamStore(), (queryString) =>
    queryClient.prefetchQuery(teamCandidatesQuery(team.id, pickerQuery(queryString))),
  );
  const candidates = useTeamCandidates(team.id, pickerQuery(list.queryString));
  const addMember = useAddTeamMember();
  // The chosen user, kept whole: a later search's page may not list them.
  const [chosen, setChosen] = useState<TeamCandidate | null>(null);
  const [searchText, setSearchText] = useState('');
  const [role, setRole] = useState<TeamMemberRole>('member');
  const page = candidates.data;
  const hasLockedCandidates = page?.candidates.some((candidate) => !candidate.can_add) ?? false;
  const moreMatching = page ? page.matching - page.candidates.length : 0;
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
            hasLockedCandidates || moreMatching > 0 ? (
              <>
                {moreMatching > 0 && (
                  <span style={{ display: 'block' }}>
                    Type to narrow: {formatCount(moreMatching)} more
                  </span>
                )}
                {hasLockedCandidates && (
                  <span style={{ display: 'block' }}>
                    Greyed-out users are in a team you do not lead: only a super admin can move
                    them.
                  </span>
                )}
              </>
            ) : undefined
          }
          data={page ? candidateOptions(page.candidates) : []}
          disabled={!page}
          searchable
          maxLength={MAX_SEARCH_LENGTH}
          searchValue={searchText}
          onSearchChange={(text) => {
            setSearchText(text);
            // Choosing a user puts their name in the box: that is not a search.
            list.setSearchInput(chosen && text === candidateLabel(chosen) ? '' : text);
          }}
          filter={keepServerOptions}
          nothingFoundMessage={list.search ? 'No users match your search' : 'No users to add'}
          value={chosen?.id ?? null}
          onChange={(userId) =>
            setChosen(page?.candidates.find((candidate) => candidate.id === userId) ?? null)
          }
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
