import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconSearch, IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { adminMessages } from '../../../../shared/messages';
import { canManageTeams } from '../../../../shared/permissions';
import type { AdminRow } from '../../../../shared/schemas/admins';
import { FormAlert } from '../../../components/form-alert';
import { useSession } from '../../../lib/session';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/timings';
import { useInlineRowEdit, useNotice } from '../../../lib/use-notice';
import { CreateTeamModal } from '../../teams';
import { useAdmins } from '../api/get-admins';
import { adminListErrorMessage } from '../error-messages';
import { AddAdminModal, hasAdminDraft } from './add-admin-modal';
import { AdminsTable } from './admins-table';
import { DeleteAdminModal } from './delete-admin-modal';
import { MAX_SEARCH_LENGTH } from '../../../../shared/schemas/field-rules';

/** Spec §2 'Admins page' (super admins only, DESIGN.md). */
export function AdminsPage() {
  const { data: user } = useSession();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const admins = useAdmins(debouncedSearch);
  const notice = useNotice();
  // Back from 'See all teams': the form it left opens again with what was typed.
  const [isAddAdminOpen, addAdminModal] = useDisclosure(hasAdminDraft(user?.id));
  const [isCreateTeamOpen, createTeamModal] = useDisclosure(false);
  const [adminToDelete, setAdminToDelete] = useState<AdminRow | null>(null);
  const rowEdit = useInlineRowEdit(notice);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={2}>Admins</Title>
          <Text c="dimmed">Manage and view all admin users</Text>
        </div>
        <Group gap="sm">
          {user && canManageTeams(user) && (
            <Button
              variant="light"
              leftSection={<IconUsersGroup size={16} aria-hidden />}
              onClick={createTeamModal.open}
            >
              Create Team
            </Button>
          )}
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={addAdminModal.open}>
            Add Admin
          </Button>
        </Group>
      </Group>

      {notice.notice && <FormAlert tone={notice.notice.tone}>{notice.notice.message}</FormAlert>}

      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <TextInput
            aria-label="Search admins"
            maxLength={MAX_SEARCH_LENGTH}
            placeholder="Search admins by username..."
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            type="search"
          />
          {admins.isPending ? (
            <Text c="dimmed">Loading admins...</Text>
          ) : admins.isError ? (
            <FormAlert tone="error">{adminListErrorMessage(admins.error)}</FormAlert>
          ) : admins.data.admins.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {debouncedSearch.trim() ? adminMessages.noSearchResults : adminMessages.noneYet}
            </Text>
          ) : (
            <AdminsTable
              admins={admins.data.admins}
              signedInUserId={user?.id}
              editingAdminId={rowEdit.editingId}
              onEdit={rowEdit.start}
              onCancelEdit={rowEdit.stop}
              onSaved={() => {
                rowEdit.saved(adminMessages.updated);
              }}
              onEditFailed={notice.error}
              onDelete={setAdminToDelete}
            />
          )}
          {/* The count stays under a search that matches nobody: 'Showing 0 of 12 …'. */}
          {admins.isSuccess && admins.data.total > 0 && (
            <Text size="sm" c="dimmed">
              Showing {admins.data.admins.length} of {admins.data.total} admins
            </Text>
          )}
        </Stack>
      </Paper>

      <AddAdminModal opened={isAddAdminOpen} onClose={addAdminModal.close} />
      <CreateTeamModal opened={isCreateTeamOpen} onClose={createTeamModal.close} />
      {adminToDelete && (
        <DeleteAdminModal
          key={adminToDelete.id}
          admin={adminToDelete}
          onClose={() => setAdminToDelete(null)}
          onDeleted={() => {
            setAdminToDelete(null);
            notice.success(adminMessages.deleted);
          }}
        />
      )}
    </Stack>
  );
}
