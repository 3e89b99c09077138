import {
  ActionIcon,
  Button,
  Group,
  Loader,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import type { Team } from '../../../../shared/schemas/teams';
import {
  MAX_AFTER_CALL_LIMIT_SECONDS,
  MIN_AFTER_CALL_LIMIT_SECONDS,
  type TeamWrapUp,
  type WrapUpCode,
  newWrapUpCodeSchema,
  wrapUpRulesSchema,
} from '../../../../shared/schemas/wrap-up';
import { AppModal } from '../../../components/app-modal';
import { FormAlert } from '../../../components/form-alert';
import { serverRefusalMessage } from '../../../lib/api-client';
import {
  useAddWrapUpCode,
  useChangeWrapUpCode,
  useSetWrapUpRules,
  useTeamWrapUp,
} from '../api/wrap-up';

const failed = (error: unknown, fallback: string) => serverRefusalMessage(error) ?? fallback;

/**
 * A team's wrap-up, for its leader or a super admin: whether agents must choose a code before
 * leaving After Call Work, how long After Call Work may last, and the codes (added, renamed,
 * turned off; a code is never deleted, as calls keep it).
 */
export function TeamWrapUpModal({ team, onClose }: { team: Team; onClose: () => void }) {
  const wrapUp = useTeamWrapUp(team.id);
  return (
    <AppModal opened onClose={onClose} title={`Wrap-up: ${team.name}`} centered size="lg">
      {wrapUp.data ? (
        <Stack gap="lg">
          <RulesForm teamId={team.id} wrapUp={wrapUp.data} />
          <Codes teamId={team.id} codes={wrapUp.data.codes} />
        </Stack>
      ) : wrapUp.isError ? (
        <FormAlert tone="error">The wrap-up could not be loaded</FormAlert>
      ) : (
        <Group justify="center" py="md" role="status" aria-label="Loading">
          <Loader size="sm" />
        </Group>
      )}
    </AppModal>
  );
}

function RulesForm({ teamId, wrapUp }: { teamId: string; wrapUp: TeamWrapUp }) {
  const [required, setRequired] = useState(wrapUp.required);
  const [limit, setLimit] = useState(wrapUp.afterCallLimitSeconds?.toString() ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSetWrapUpRules(teamId);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = wrapUpRulesSchema.safeParse({
      required,
      afterCallLimitSeconds: limit.trim() === '' ? null : Number(limit),
    });
    if (!checked.success) {
      setError(checked.error.issues[0]!.message);
      return;
    }
    setError(null);
    save.mutate(checked.data, { onError: (cause) => setError(failed(cause, 'Failed to save')) });
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Wrap-up rules">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Rules
        </Title>
        <Switch
          label="Require a wrap-up code before leaving After Call Work"
          checked={required}
          onChange={(event) => setRequired(event.currentTarget.checked)}
        />
        <TextInput
          label="After Call Work limit (seconds)"
          description={`Empty for no limit; ${MIN_AFTER_CALL_LIMIT_SECONDS} to ${MAX_AFTER_CALL_LIMIT_SECONDS}. When it ends, the system sets the agent Available.`}
          inputMode="numeric"
          value={limit}
          onChange={(event) => setLimit(event.currentTarget.value)}
          error={error}
          maw={360}
        />
        <Group gap="sm">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save rules'}
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite">
            {save.isSuccess ? 'Rules saved' : ''}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}

function Codes({ teamId, codes }: { teamId: string; codes: WrapUpCode[] }) {
  const change = useChangeWrapUpCode(teamId);
  const [renaming, setRenaming] = useState<string | null>(null);
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Codes
      </Title>
      {change.error && <FormAlert tone="error">{failed(change.error, 'Failed to save')}</FormAlert>}
      <Table aria-label="Wrap-up codes" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Code</Table.Th>
            <Table.Th>Offered to agents</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {codes.map((code) => (
            <Table.Tr key={code.id}>
              <Table.Td>
                {renaming === code.id ? (
                  <RenameForm
                    code={code}
                    onDone={() => setRenaming(null)}
                    onRename={(name) =>
                      change.mutateAsync({ codeId: code.id, name }).then(() => setRenaming(null))
                    }
                  />
                ) : (
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm" c={code.active ? undefined : 'dimmed'}>
                      {code.name}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Rename ${code.name}`}
                      onClick={() => setRenaming(code.id)}
                    >
                      <IconPencil size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                )}
              </Table.Td>
              <Table.Td>
                <Switch
                  label="Active"
                  aria-label={`${code.name} active`}
                  checked={code.active}
                  onChange={(event) =>
                    change.mutate({ codeId: code.id, active: event.currentTarget.checked })
                  }
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <AddCodeForm teamId={teamId} />
    </Stack>
  );
}

/**
 * A code's name as typed, and on submit the name the shared rule makes of it (trimmed), or
 * null with the rule's words shown at the field.
 */
function useCodeName(initial: string) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submitted = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = newWrapUpCodeSchema.safeParse({ name });
    setError(checked.success ? null : checked.error.issues[0]!.message);
    return checked.success ? checked.data.name : null;
  };
  return { name, setName, error, setError, submitted };
}

function RenameForm({
  code,
  onRename,
  onDone,
}: {
  code: WrapUpCode;
  onRename: (name: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const { name, setName, error, setError, submitted } = useCodeName(code.name);
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    const checked = submitted(event);
    if (checked === null) return;
    onRename(checked).catch((cause: unknown) => setError(failed(cause, 'Failed to save')));
  }
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label={`New name for ${code.name}`}
          size="xs"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Button type="submit" size="xs" mt={22}>
          Save
        </Button>
        <Button variant="default" size="xs" mt={22} onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}

function AddCodeForm({ teamId }: { teamId: string }) {
  const add = useAddWrapUpCode(teamId);
  const { name, setName, error, setError, submitted } = useCodeName('');
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    const checked = submitted(event);
    if (checked === null) return;
    add.mutate(checked, {
      onSuccess: () => setName(''),
      onError: (cause) => setError(failed(cause, 'Failed to add the code')),
    });
  }
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Add a wrap-up code">
      <Group gap="sm" align="flex-start">
        <TextInput
          label="New code"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
        />
        <Button type="submit" mt={25} disabled={add.isPending}>
          Add code
        </Button>
      </Group>
    </form>
  );
}
