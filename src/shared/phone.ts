/** Spec §5: a dialled number has more than one digit… */
export const MIN_PHONE_DIGITS = 2;
/** …and at most 11. */
export const MAX_PHONE_DIGITS = 11;

/**
 * The number rule, written once: a number that may be dialled, its non-digits already stripped
 * (spec §5 'Dialer'). The server's `outboundCallSchema` refuses any other; the dialer's hint and
 * its Call button follow it (dialRefusal).
 */
export const DIALLABLE_NUMBER = new RegExp(`^\\d{${MIN_PHONE_DIGITS},${MAX_PHONE_DIGITS}}$`);

export function isDiallableNumber(digits: string) {
  return DIALLABLE_NUMBER.test(digits);
}

/**
 * +C (AAA)-BBB-DDDD from the digits of any input, at most 11 of them (spec §5 'Phone display
 * format'); a partial number formats as far as it goes.
 */
export function formatPhone(input: string) {
  const digits = input.replace(/\D/g, '').slice(0, MAX_PHONE_DIGITS);
  if (!digits) return '';
  const country = digits.slice(0, 1);
  const area = digits.slice(1, 4);
  const exchange = digits.slice(4, 7);
  const line = digits.slice(7, 11);
  let formatted = `+${country}`;
  if (area) formatted += ` (${area}${area.length === 3 ? ')' : ''}`;
  if (exchange) formatted += `-${exchange}`;
  if (line) formatted += `-${line}`;
  return formatted;
}

/**
 * A number shown after it was dialled (a call's card, the Activity Log, the live floor): as
 * formatPhone, with a short area code's bracket closed ('12' is '+1 (2)', not '+1 (2').
 */
export function displayPhone(input: string) {
  return formatPhone(input).replace(/\((\d{1,2})$/, '($1)');
}

/** The dialer's value starts at '1' (spec §5 'Dialer'). */
export const DIALER_START = '1';

/** Typed or pasted input: digits only, at most 11, never empty. */
export function dialerInput(raw: string) {
  return raw.replace(/\D/g, '').slice(0, MAX_PHONE_DIGITS) || DIALER_START;
}

/** A keypad key: a digit is appended up to 11; '+' adds nothing (the display shows it). */
export function dialerPress(value: string, key: string) {
  return dialerInput(value + key);
}

const digitsIn = (text: string) => text.replace(/\D/g, '');

/**
 * The field's text after the browser edited it (`typed`, the caret at `caret`): the digits it
 * now holds, and how many of them stand before the caret — so the caret stays where the agent
 * was editing once the text is formatted again. Deleting a bracket, dash or space deletes the
 * digit beside it instead (before the caret for Backspace, after it for Delete), wherever it
 * is; a digit past the 11th is dropped.
 */
export function dialerEdit(previous: string, typed: string, caret: number, inputType = '') {
  // Only digits left: the whole field was selected (as a Tab into it selects it) and typed
  // over. A new number starts at '1' as the fresh field does; a typed leading '1' is that '1'
  // (no area code starts with 1), so '4155551234' and '14155551234' both dial +1 (415)-555-1234.
  if (inputType.startsWith('insert') && /^\d+$/.test(typed)) {
    const digits = dialerInput(typed.startsWith(DIALER_START) ? typed : DIALER_START + typed);
    return { digits, caretDigits: digits.length };
  }
  const before = digitsIn(typed.slice(0, caret)).length;
  const typedDigits = digitsIn(typed);
  const isFormattingDeleted =
    typedDigits === previous && typed.length < formatPhone(previous).length;
  if (isFormattingDeleted) {
    const at = inputType === 'deleteContentForward' ? before : before - 1;
    if (at < 0 || at >= previous.length) return { digits: previous, caretDigits: before };
    const digits = dialerInput(previous.slice(0, at) + previous.slice(at + 1));
    return { digits, caretDigits: Math.min(at, digits.length) };
  }
  const digits = dialerInput(typedDigits);
  return { digits, caretDigits: Math.min(before, digits.length) };
}

/**
 * A paste that the dialer takes whole instead of letting the browser insert it (null: let the
 * browser insert it, then dialerEdit reads the field). A number with its country code (11
 * digits or more) replaces the field; so does a 10-digit national one (an area code never
 * starts with 0 or 1) pasted over everything or into the fresh field, after its '1'.
 */
export function dialerPaste(previous: string, pasted: string, isReplacingAll: boolean) {
  const digits = digitsIn(pasted);
  if (digits.length >= MAX_PHONE_DIGITS) return dialerInput(digits);
  const isNational = /^[2-9]\d{9}$/.test(digits);
  if (isNational && (isReplacingAll || previous === DIALER_START)) {
    return dialerInput(DIALER_START + digits);
  }
  return null;
}

/** The caret's place in `formatted` after its first `digitCount` digits. */
export function caretAfterDigits(formatted: string, digitCount: number) {
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (seen === digitCount) return index;
    if (/\d/.test(formatted[index]!)) seen += 1;
  }
  return formatted.length;
}

/** Backspace never drops below '1'. */
export function dialerBackspace(value: string) {
  return value.length > 1 ? value.slice(0, -1) : DIALER_START;
}

/**
 * Why dialling would be refused: the server's code for the refusals the database's agent
 * actions make, and the number rule's refusal (`outboundCallSchema` answers it as an invalid
 * `phoneNumber`).
 */
export type DialRefusal = 'CALL_IN_PROGRESS' | 'OUTBOUND_NEEDS_OUT_BOUND' | 'PHONE_NUMBER_LENGTH';

/**
 * The browser's early check, mirroring the server's rule so the dialer can say why Call is
 * disabled before anything is sent: the refusal dialling `digits` would get now (null: none).
 * The server decides: the open-call and Out Bound rules are enforced by the database's agent
 * actions (`perform_agent_actions`), the number rule by `outboundCallSchema` (isDiallableNumber).
 * A call in progress is named first, then the status: what the agent has to do first.
 */
export function dialRefusal(status: string, digits: string, hasCall: boolean): DialRefusal | null {
  if (hasCall) return 'CALL_IN_PROGRESS';
  if (status !== 'out_bound') return 'OUTBOUND_NEEDS_OUT_BOUND';
  return isDiallableNumber(digits) ? null : 'PHONE_NUMBER_LENGTH';
}
