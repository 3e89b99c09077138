import { Alert, Button, Group, Loader, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import {
  type InboundMode,
  type InboundSettings,
  inboundModes,
  inboundSettingsSchema,
} from '../../../../shared/schemas/queues';
import type { Team } from '../../../../shared/schemas/teams';
import { AppModal } from '../../../components/app-modal';
import { FormAlert } from '../../../components/form-alert';
import { refusedField } from '../../../lib/form-error';
import { serverRefusalMessage } from '../../../lib/api-client';
import { useSetTeamInbound, useTeamInbound } from '../api/inbound';

type NumberField = Exclude<keyof InboundSettings, 'mode'>;
type Field = keyof InboundSettings;

/** The fields only queue mode uses: shown but not sent in per-agent mode, so kept as stored. */
const queueOnlyFields = ['callsPerHour', 'patienceSeconds'] as const satisfies NumberField[];

const modeChoices: Record<InboundMode, { label: string; description: string }> = {
  'per-agent': {
    label: 'Per agent',
    description: 'Each Available agent is offered calls of their own, as today.',
  },
  queue: {
    label: 'Queue',
    description:
      "Callers arrive at the team's rate and wait, first come first served, for the agent who " +
      'has been idle longest; a caller who runs out of patience hangs up.',
  },
};

const isMode = (value: string): value is InboundMode =>
  (inboundModes as readonly string[]).includes(value);

/** What the user typed, as the number the shared rule checks; empty is no number at all. */
const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

const asTexts = (settings: InboundSettings): Record<NumberField, string> => ({
  callsPerHour: String(settings.callsPerHour),
  patienceSeconds: String(settings.patienceSeconds),
  serviceLevelSeconds: String(settings.serviceLevelSeconds),
  serviceLevelTargetPercent: String(settings.serviceLevelTargetPercent),
});

/**
 * A team's inbound settings, for its leader or a super admin: whether calls are offered to each
 * agent or come through a queue, the queue's callers (rate, patience), and the service-level
 * goal the floor measures against.
 */
export function TeamInboundModal({ team, onClose }: { team: Team; onClose: () => void }) {
  const inbound = useTeamInbound(team.id);
  return (
    <AppModal opened onClose={onClose} title={`Inbound calls: ${team.name}`} centered size="lg">
      {inbound.data ? (
        <InboundForm teamId={team.id} saved={inbound.data} />
      ) : inbound.isError ? (
        <FormAlert tone="error">The inbound settings could not be loaded</FormAlert>
      ) : (
        <Group justify="center" py="md" role="status" aria-label="Loading">
          <Loader size="sm" />
        </Group>
      )}
    </AppModal>
  );
}

function InboundForm({ teamId, saved }: { teamId: string; saved: InboundSettings }) {
  const [mode, setMode] = useState<InboundMode>(saved.mode);
  const [texts, setTexts] = useState(() => asTexts(saved));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [savedMessage, setSavedMessage] = useState('');
  const save = useSetTeamInbound(teamId);
  const isQueue = mode === 'queue';

  const edit = (field: NumberField, text: string) => {
    setTexts((current) => ({ ...current, [field]: text }));
    setErrors(({ [field]: _gone, ...others }) => others);
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const typed: InboundSettings = {
      mode,
      callsPerHour: typedNumber(texts.callsPerHour),
      patienceSeconds: typedNumber(texts.patienceSeconds),
      serviceLevelSeconds: typedNumber(texts.serviceLevelSeconds),
      serviceLevelTargetPercent: typedNumber(texts.serviceLevelTargetPercent),
    };
    const checked = isQueue
      ? inboundSettingsSchema.safeParse(typed)
      : inboundSettingsSchema.omit({ callsPerHour: true, patienceSeconds: true }).safeParse(typed);
    setFormError(null);
    setSavedMessage('');
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(checked.data, {
      // The stored settings, whole: the queue's fields left out in per-agent mode show as kept.
      onSuccess: (stored) => {
        setMode(stored.mode);
        setTexts(asTexts(stored));
        setSavedMessage(
          saved.mode === 'queue' && stored.mode === 'per-agent'
            ? 'Inbound settings saved; callers already waiting will still be answered'
            : 'Inbound settings saved',
        );
      },
      onError: (cause) => {
        const message = serverRefusalMessage(cause) ?? 'Failed to save the inbound settings';
        const field = refusedField(cause);
        if (field && field in typed) setErrors({ [field]: message });
        else setFormError(message);
      },
    });
  }

  const numberInput = (field: NumberField, label: string, description: string) => (
    <TextInput
      label={label}
      description={description}
      inputMode={field === 'callsPerHour' ? 'decimal' : 'numeric'}
      value={texts[field]}
      onChange={(event) => edit(field, event.currentTarget.value)}
      error={errors[field]}
      disabled={!isQueue && (queueOnlyFields as readonly string[]).includes(field)}
      maw={360}
    />
  );

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Inbound settings">
      <Stack gap="md">
        {formError && <FormAlert tone="error">{formError}</FormAlert>}
        <Radio.Group
          label="Inbound mode"
          value={mode}
          onChange={(value) => {
            if (!isMode(value)) return;
            setMode(value);
            // Per-agent mode does not send the queue's fields: what was wrong with them no longer
            // counts (and in per-agent mode they had none to carry back to queue mode).
            setErrors(
              ({ mode: _mode, callsPerHour: _rate, patienceSeconds: _patience, ...others }) =>
                others,
            );
          }}
          error={errors.mode}
        >
          <Stack gap="sm" mt="xs">
            {inboundModes.map((choice) => (
              <Radio key={choice} value={choice} {...modeChoices[choice]} />
            ))}
          </Stack>
        </Radio.Group>
        {saved.mode === 'queue' && mode === 'per-agent' && (
          <Alert variant="light" color="blue" role="status" icon={<IconInfoCircle aria-hidden />}>
            Once saved, no new callers join the queue; callers already waiting will still be
            answered.
          </Alert>
        )}

        <Stack gap="sm">
          <Title order={3} size="h5">
            Callers
          </Title>
          {!isQueue && (
            <Text size="sm" c="dimmed">
              These apply in queue mode only; their values are kept.
            </Text>
          )}
          {numberInput(
            'callsPerHour',
            'Calls per hour',
            'How many callers arrive per hour, on average.',
          )}
          {numberInput(
            'patienceSeconds',
            'Caller patience (seconds)',
            'Average wait before a caller hangs up; 0: never.',
          )}
        </Stack>

        <Stack gap="sm">
          <Title order={3} size="h5">
            Service level
          </Title>
          {numberInput(
            'serviceLevelSeconds',
            'Service-level threshold (seconds)',
            'A call answered within this many seconds counts as answered in time.',
          )}
          {numberInput(
            'serviceLevelTargetPercent',
            'Service-level target (%)',
            'The share of calls to answer in time, e.g. 80 % within 20 seconds.',
          )}
        </Stack>

        <Group gap="sm">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
          <Text size="sm" c="dimmed" aria-live="polite">
            {savedMessage}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}
