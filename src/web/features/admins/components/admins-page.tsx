import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUserPlus, IconUsersGroup } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminMessages } from '../../../../shared/messages';
import { canManageTeams } from '../../../../shared/permissions';
import { type AdminRow, adminSortColumns } from '../../../../shared/schemas/admins';
import { FormAlert } from '../../../components/form-alert';
import { ListPanel } from '../../../components/list-panel';
import { useSession } from '../../../lib/session';
import { useListParams, useUrlParamStore } from '../../../lib/use-list-params';
import { useInlineRowEdit, useNotice } from '../../../lib/use-notice';
import { CreateTeamModal } from '../../teams';
import { adminListQuery, useAdmins } from '../api/get-admins';
import { adminListErrorMessage } from '../error-messages';
import { AddAdminModal, hasAdminDraft } from './add-admin-modal';
import { AdminsTable } from './admins-table';
import { DeleteAdminModal } from './delete-admin-modal';

/**
 * Spec §2 'Admins page' (super admins only, DESIGN.md): super admins first, then newest, unless
 * sorted, a page at a time.
 */
export function AdminsPage() {
  const { data: user } = useSession();
  const queryClient = useQueryClient();
  const list = useListParams(adminSortColumns, useUrlParamStore(), (queryString) =>
    queryClient.prefetchQuery(adminListQuery(queryString)),
  );
  const admins = useAdmins(list.queryString);
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

      <ListPanel
        list={list}
        query={admins}
        rowsOf={(page) => page.admins}
        texts={{
          searchLabel: 'Search admins',
          searchPlaceholder: 'Search admins by username...',
          loading: 'Loading admins...',
          loadFailed: adminListErrorMessage,
          noun: 'admins',
          noSearchResults: adminMessages.noSearchResults,
          noneYet: adminMessages.noneYet,
        }}
      >
        {(page) => (
          <AdminsTable
            admins={page.admins}
            list={list}
            signedInUserId={user?.id}
            editingAdminId={rowEdit.editingId}
            onEdit={rowEdit.start}
            onCancelEdit={rowEdit.stop}
            onSaved={() => {
              rowEdit.saved(adminMessages.updated);
            }}
            savedMessageOf={rowEdit.savedMessageOf}
            onDelete={setAdminToDelete}
          />
        )}
      </ListPanel>

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
