import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { teamMessages } from '../../../../shared/messages';
import {
  type Team,
  type TeamMember,
  teamMemberSortColumns,
} from '../../../../shared/schemas/teams';
import { useListParams, useLocalParamStore } from '../../../lib/use-list-params';
import { useNotice } from '../../../lib/use-notice';
import { teamMembersQuery } from '../api/get-team-members';
import { AddTeamMemberModal } from './add-team-member-modal';
import { RemoveTeamMemberModal } from './remove-team-member-modal';
import { TeamMembersModal } from './team-members-modal';

interface TeamMembersDialogsProps {
  team: Team;
  onClose: () => void;
}

/**
 * Which dialog is up: the members list (with, after a cancelled removal, the member whose
 * Remove button takes the focus back), Add Team Member, or the removal's confirmation.
 */
type MembersDialog =
  | { kind: 'members'; focusRemoveOf?: string }
  | { kind: 'adding' }
  | { kind: 'removing'; member: TeamMember };

/**
 * The members modal and, in its place while open, the Add Team Member modal or the removal's
 * confirmation: one dialog at a time keeps focus and Escape simple. Their messages, and the
 * list's search, sort and page, outlive the switch between them.
 */
export function TeamMembersDialogs({ team, onClose }: TeamMembersDialogsProps) {
  const [dialog, setDialog] = useState<MembersDialog>({ kind: 'members' });
  const notice = useNotice();
  const queryClient = useQueryClient();
  const list = useListParams(teamMemberSortColumns, useLocalParamStore(), (queryString) =>
    queryClient.prefetchQuery(teamMembersQuery(team.id, queryString)),
  );

  if (dialog.kind === 'adding') {
    return (
      <AddTeamMemberModal
        team={team}
        onCancel={() => setDialog({ kind: 'members' })}
        onAdded={(message) => {
          setDialog({ kind: 'members' });
          notice.success(message);
        }}
      />
    );
  }
  if (dialog.kind === 'removing') {
    const { member } = dialog;
    return (
      <RemoveTeamMemberModal
        team={team}
        member={member}
        onCancel={() => setDialog({ kind: 'members', focusRemoveOf: member.id })}
        onRemoved={() => {
          setDialog({ kind: 'members' });
          notice.success(teamMessages.memberRemoved);
        }}
      />
    );
  }
  return (
    <TeamMembersModal
      team={team}
      list={list}
      notice={notice.notice}
      focusRemoveOf={dialog.focusRemoveOf}
      onSuccess={notice.success}
      onError={notice.error}
      onAddMember={() => {
        notice.clear();
        setDialog({ kind: 'adding' });
      }}
      onRemove={(member) => {
        notice.clear();
        setDialog({ kind: 'removing', member });
      }}
      onClose={onClose}
    />
  );
}
