import { useState } from 'react';
import type { Team } from '../../../../shared/schemas/teams';
import { useNotice } from '../../../lib/use-notice';
import { AddTeamMemberModal } from './add-team-member-modal';
import { TeamMembersModal } from './team-members-modal';

interface TeamMembersDialogsProps {
  team: Team;
  onClose: () => void;
}

/**
 * The members modal and, in its place while open, the Add Team Member modal: one dialog at a
 * time keeps focus and Escape simple. Their messages outlive the switch between the two.
 */
export function TeamMembersDialogs({ team, onClose }: TeamMembersDialogsProps) {
  const [isAdding, setIsAdding] = useState(false);
  const notice = useNotice();

  if (isAdding) {
    return (
      <AddTeamMemberModal
        team={team}
        onCancel={() => setIsAdding(false)}
        onAdded={(message) => {
          setIsAdding(false);
          notice.success(message);
        }}
      />
    );
  }
  return (
    <TeamMembersModal
      team={team}
      notice={notice.notice}
      onSuccess={notice.success}
      onError={notice.error}
      onAddMember={() => {
        notice.clear();
        setIsAdding(true);
      }}
      onClose={onClose}
    />
  );
}
