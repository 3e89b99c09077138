import {
  ActionIcon,
  Button,
  Collapse,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconBackspace, IconChevronDown, IconPhone } from '@tabler/icons-react';
import { type ChangeEvent, type ClipboardEvent, type FormEvent, useId, useState } from 'react';
import {
  DIALER_START,
  MAX_PHONE_DIGITS,
  canDial,
  dialerBackspace,
  dialerInput,
  dialerPress,
  formatPhone,
} from '../../../../shared/phone';
import { FormAlert } from '../../../components/form-alert';
import { usePlaceCall } from '../api/place-call';
import { useVoiceCallController } from '../hooks/call-controls';
import { softphoneErrorMessage, softphoneFallbacks } from '../error-messages';

const KEYPAD_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '+', '0'] as const;

/** The message the server gives too: shown beside Call while it cannot be used. */
const NOT_OUT_BOUND_HINT = 'Set status to Out Bound to place a call';

/**
 * Spec §2 and §5 'Dialer': collapsed at first; a number typed, pasted or keyed in (digits
 * only, starting at '1', at most 11, shown as +C (AAA)-BBB-DDDD), Clear, and Call — enabled
 * only in Out Bound with more than one digit.
 */
export function Dialer({ status }: { status: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const [digits, setDigits] = useState(DIALER_START);
  const [failure, setFailure] = useState<string | null>(null);
  const placeCall = usePlaceCall();
  const voiceCall = useVoiceCallController();
  const contentId = useId();
  const isCallable = canDial(status, digits) && !placeCall.isPending;

  function handleInput(event: ChangeEvent<HTMLInputElement>) {
    const typed = event.currentTarget.value;
    const next = dialerInput(typed);
    // Deleting a bracket or dash removes no digit: treat it as deleting the digit before it.
    const isDeletingFormatting = next === digits && typed.length < formatPhone(digits).length;
    setDigits(isDeletingFormatting ? dialerBackspace(digits) : next);
  }

  function handlePaste(event: ClipboardEvent<HTMLInputElement>) {
    // A whole number, country code included, replaces the field instead of joining its '1'.
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '');
    if (pasted.length < MAX_PHONE_DIGITS) return;
    event.preventDefault();
    setDigits(dialerInput(pasted));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isCallable) return;
    setFailure(null);
    placeCall.mutate(digits, {
      onSuccess: (snapshot) => {
        setDigits(DIALER_START);
        const call = snapshot.state.call;
        if (call?.phase === 'active') voiceCall.begin(call.id);
      },
      onError: (error) => setFailure(softphoneErrorMessage(error, softphoneFallbacks.placeCall)),
    });
  }

  return (
    <Paper component="section" withBorder radius="md" p="md">
      <Title order={3} size="h4">
        <UnstyledButton
          aria-expanded={isOpen}
          aria-controls={contentId}
          onClick={() => setIsOpen((open) => !open)}
          style={{ display: 'flex', alignItems: 'center', gap: 8, width: '100%', font: 'inherit' }}
        >
          <IconPhone size={18} aria-hidden />
          Dialer
          <IconChevronDown
            size={18}
            aria-hidden
            style={{
              marginInlineStart: 'auto',
              transform: isOpen ? 'rotate(180deg)' : undefined,
              transition: 'transform 150ms ease',
            }}
          />
        </UnstyledButton>
      </Title>
      <Collapse expanded={isOpen} id={contentId}>
        <form onSubmit={handleSubmit} noValidate aria-label="Dialer">
          <Stack gap="sm" pt="sm">
            {failure && <FormAlert tone="error">{failure}</FormAlert>}
            <TextInput
              label="Phone number"
              placeholder="+1 (234)-567-8900"
              inputMode="tel"
              autoComplete="off"
              value={formatPhone(digits)}
              onChange={handleInput}
              onPaste={handlePaste}
              styles={{ input: { fontSize: 20, fontVariantNumeric: 'tabular-nums' } }}
            />
            <SimpleGrid cols={3} spacing="xs">
              {KEYPAD_KEYS.map((key) => (
                <Button
                  key={key}
                  variant="default"
                  size="md"
                  onClick={() => setDigits((current) => dialerPress(current, key))}
                >
                  {key}
                </Button>
              ))}
              <ActionIcon
                variant="default"
                size="100%"
                mih={42}
                aria-label="Backspace"
                onClick={() => setDigits(dialerBackspace)}
              >
                <IconBackspace size={20} aria-hidden />
              </ActionIcon>
            </SimpleGrid>
            <Group grow>
              <Button variant="default" onClick={() => setDigits(DIALER_START)}>
                Clear
              </Button>
              <Button
                type="submit"
                color="green"
                leftSection={<IconPhone size={16} aria-hidden />}
                disabled={!isCallable}
              >
                Call
              </Button>
            </Group>
            {status !== 'out_bound' && (
              <Text size="xs" c="dimmed">
                {NOT_OUT_BOUND_HINT}
              </Text>
            )}
          </Stack>
        </form>
      </Collapse>
    </Paper>
  );
}
