import {
  ActionIcon,
  Button,
  Collapse,
  Group,
  Paper,
  Stack,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconBackspace, IconChevronDown, IconPhone } from '@tabler/icons-react';
import {
  type ChangeEvent,
  type ClipboardEvent,
  type FormEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  DIALER_START,
  type DialRefusal,
  caretAfterDigits,
  dialerBackspace,
  dialerEdit,
  dialerPaste,
  dialerPress,
  dialRefusal,
  formatPhone,
} from '../../../../shared/phone';
import { dialMessages } from '../../../../shared/messages';
import { PHONE_NUMBER_LENGTH_MESSAGE } from '../../../../shared/schemas/agent';
import { FormAlert } from '../../../components/form-alert';
import { usePlaceCall } from '../api/place-call';
import { shortcut } from '../shortcuts';
import { useVoiceCallController } from '../hooks/call-controls';
import { letGo } from '../hooks/voice-call-controller';
import { softphoneErrorMessage, softphoneFallbacks } from '../error-messages';
import { focusCallAreaIfLost } from './interactions-panel';
import classes from './grids.module.css';

const KEYPAD_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '+', '0'] as const;

/**
 * Why Call cannot be used now (dialRefusal), in the server's words for the same refusal: shown
 * under the number field and read with it and with Call by a screen reader.
 */
export const dialerHints: Record<DialRefusal, string> = {
  CALL_IN_PROGRESS: dialMessages.callInProgress,
  OUTBOUND_NEEDS_OUT_BOUND: dialMessages.needsOutBound,
  PHONE_NUMBER_LENGTH: PHONE_NUMBER_LENGTH_MESSAGE,
};

/**
 * Spec §2 and §5 'Dialer': collapsed at first; a number typed, pasted or keyed in (digits
 * only, starting at '1', at most 11, shown as +C (AAA)-BBB-DDDD), Clear, and Call — enabled
 * only in Out Bound with more than one digit and no call in progress.
 */
export function Dialer({ status, hasCall }: { status: string; hasCall: boolean }) {
  const [isOpen, setIsOpen] = useState(false);
  const [digits, setDigits] = useState(DIALER_START);
  const [failure, setFailure] = useState<string | null>(null);
  const placeCall = usePlaceCall();
  const voiceCall = useVoiceCallController();
  const contentId = useId();
  const hintId = useId();
  const refusal = dialRefusal(status, digits, hasCall);
  const hint = refusal && dialerHints[refusal];
  const isCallable = refusal === null && !placeCall.isPending;

  const numberField = useRef<HTMLInputElement>(null);
  // Where the caret goes once an edit is formatted: after this many digits (a new object per
  // edit, so it is placed even when the digits did not change).
  const [caret, setCaret] = useState<{ afterDigits: number } | null>(null);

  useLayoutEffect(() => {
    const field = numberField.current;
    if (!caret || !field || document.activeElement !== field) return;
    const at = caretAfterDigits(field.value, caret.afterDigits);
    field.setSelectionRange(at, at);
  }, [caret]);

  function handleInput(event: ChangeEvent<HTMLInputElement>) {
    const field = event.currentTarget;
    const inputType = (event.nativeEvent as InputEvent).inputType;
    const edit = dialerEdit(
      digits,
      field.value,
      field.selectionStart ?? field.value.length,
      inputType,
    );
    setDigits(edit.digits);
    setCaret({ afterDigits: edit.caretDigits });
  }

  function handlePaste(event: ClipboardEvent<HTMLInputElement>) {
    const field = event.currentTarget;
    const next = dialerPaste(
      digits,
      event.clipboardData.getData('text'),
      field.selectionStart === 0 && field.selectionEnd === field.value.length,
    );
    if (next === null) return;
    event.preventDefault();
    setDigits(next);
    setCaret({ afterDigits: next.length });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!isCallable) return;
    setFailure(null);
    const claimed = voiceCall.claim();
    placeCall.mutate(digits, {
      onSuccess: (snapshot) => {
        setDigits(DIALER_START);
        const call = snapshot.state.call;
        if (call?.phase === 'active') voiceCall.begin(call.id, call.callType, claimed);
        else letGo(claimed);
        // Call is disabled now (a call is on): the focus it had goes to the call, once drawn.
        requestAnimationFrame(focusCallAreaIfLost);
      },
      onError: (error) => {
        letGo(claimed);
        setFailure(softphoneErrorMessage(error, softphoneFallbacks.placeCall));
      },
    });
  }

  return (
    <Paper component="section" withBorder radius="md" p="md">
      <Title order={3} size="h4">
        <UnstyledButton
          aria-expanded={isOpen}
          aria-controls={contentId}
          onClick={() => setIsOpen((open) => !open)}
          {...shortcut('dialer')}
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
              ref={numberField}
              // The hint under the field (Mantine ties it to the field), read with Call too.
              description={hint}
              descriptionProps={{ id: hintId }}
              inputWrapperOrder={['label', 'input', 'description']}
              value={formatPhone(digits)}
              onChange={handleInput}
              onPaste={handlePaste}
              styles={{ input: { fontSize: 20, fontVariantNumeric: 'tabular-nums' } }}
            />
            <div className={classes.keypad}>
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
            </div>
            <Group grow>
              <Button variant="default" onClick={() => setDigits(DIALER_START)}>
                Clear
              </Button>
              <Button
                type="submit"
                color="green"
                leftSection={<IconPhone size={16} aria-hidden />}
                disabled={!isCallable}
                aria-describedby={hint ? hintId : undefined}
              >
                Call
              </Button>
            </Group>
          </Stack>
        </form>
      </Collapse>
    </Paper>
  );
}
