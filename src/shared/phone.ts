/** Spec §5: at most 11 digits. */
export const MAX_PHONE_DIGITS = 11;

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

/** Call is enabled only in Out Bound and with more than one character. */
export function canDial(status: string, value: string) {
  return status === 'out_bound' && value.length > 1;
}
