import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  caretAfterDigits,
  dialRefusal,
  dialerBackspace,
  dialerEdit,
  dialerInput,
  dialerPaste,
  dialerPress,
  displayPhone,
  formatPhone,
  isDiallableNumber,
} from './phone';
import { outboundCallSchema } from './schemas/agent';
import { statusLabel } from './statuses';
import {
  formatCallTimer,
  formatClock,
  formatDuration,
  formatEasternTime,
  formatTimer,
} from './time-format';

describe('phone display (+C (AAA)-BBB-DDDD)', () => {
  it.each([
    ['12345678900', '+1 (234)-567-8900'],
    ['+1 (234)-567-8900', '+1 (234)-567-8900'],
    ['1-234-567-8900 ext 55', '+1 (234)-567-8900'],
    ['1', '+1'],
    ['123', '+1 (23'],
    ['1234', '+1 (234)'],
    ['12345', '+1 (234)-5'],
    ['12345678', '+1 (234)-567-8'],
    ['abc', ''],
  ])('%s → %s', (input, display) => {
    expect(formatPhone(input)).toBe(display);
  });

  it.each([
    ['12', '+1 (2)'],
    ['121', '+1 (21)'],
    ['1212', '+1 (212)'],
    ['1212555', '+1 (212)-555'],
    ['12125550187', '+1 (212)-555-0187'],
  ])('shows a dialled %s as %s, its brackets closed', (input, display) => {
    expect(displayPhone(input)).toBe(display);
  });
});

describe('dialer (spec §5)', () => {
  it('strips non-digits, caps at 11 digits and never goes empty', () => {
    expect(dialerInput('+1 (555) 12a3')).toBe('1555123');
    expect(dialerInput('123456789012345')).toBe('12345678901');
    expect(dialerInput('')).toBe('1');
    expect(dialerInput('abc')).toBe('1');
  });

  it('keypad appends digits up to 11; + adds nothing', () => {
    expect(dialerPress('1', '5')).toBe('15');
    expect(dialerPress('15', '+')).toBe('15');
    expect(dialerPress('12345678901', '9')).toBe('12345678901');
  });

  it('backspace never drops below 1', () => {
    expect(dialerBackspace('125')).toBe('12');
    expect(dialerBackspace('12')).toBe('1');
    expect(dialerBackspace('1')).toBe('1');
  });

  it.each([
    // '+1 (665)-550-1999', the caret after ')': Backspace deletes the ')' → the 5 before it goes.
    ['16655501999', '+1 (665-550-1999', 7, 'deleteContentBackward', '1665501999', 3],
    // Delete on the '-' after '(665)' deletes the digit after it.
    ['16655501999', '+1 (665)550-1999', 8, 'deleteContentForward', '1665501999', 4],
    // A digit typed inside the area code stays there; the 12th digit falls off the end.
    ['16465550199', '+1 (6946)-555-0199', 6, 'insertText', '16946555019', 3],
    // Backspace over the '+' at the start: nothing before it to delete.
    ['12', '1 (2', 0, 'deleteContentBackward', '12', 0],
    // Everything deleted: the value starts at '1' again.
    ['1', '', 0, 'deleteContentBackward', '1', 0],
  ] as const)(
    'edits in the middle keep the caret among the same digits: %s → %s (caret %i, %s)',
    (previous, typed, caret, inputType, digits, caretDigits) => {
      expect(dialerEdit(previous, typed, caret, inputType)).toEqual({ digits, caretDigits });
    },
  );

  it.each([
    // Tab selects the fresh '+1': the first digit typed over it follows the '1'…
    ['1', '4', 'insertText', '14'],
    // …unless it is that '1' itself.
    ['1', '1', 'insertText', '1'],
    // A whole number selected and typed over starts a new one, at '1'.
    ['12125550187', '3', 'insertText', '13'],
    // Digits pasted over everything (too few to be taken whole) read the same way.
    ['12125550187', '555', 'insertFromPaste', '1555'],
  ] as const)(
    'typing over the whole field %s: %j (%s) → %s',
    (previous, typed, inputType, digits) => {
      expect(dialerEdit(previous, typed, typed.length, inputType)).toEqual({
        digits,
        caretDigits: digits.length,
      });
    },
  );

  it.each([
    ['1', '4155551234', false, '14155551234'],
    ['1', '(415) 555-1234', false, '14155551234'],
    ['1415', '4155551234', true, '14155551234'],
    ['1415', '4155551234', false, null],
    ['1415', '+1 415 555 1234', false, '14155551234'],
    ['1', '+44 20 7946 0958', false, '44207946095'],
    ['1', '555', true, null],
    ['1', '1234567890', true, null],
  ] as const)(
    'pasting into %s: %j (over everything: %s) is taken whole as %s',
    (previous, pasted, isReplacingAll, taken) => {
      expect(dialerPaste(previous, pasted, isReplacingAll)).toBe(taken);
    },
  );

  it('places the caret after a count of digits in the formatted number', () => {
    const formatted = '+1 (665)-501-999';
    expect(caretAfterDigits(formatted, 1)).toBe(2);
    expect(caretAfterDigits(formatted, 3)).toBe(6);
    expect(caretAfterDigits(formatted, 4)).toBe(7);
    expect(caretAfterDigits(formatted, 10)).toBe(formatted.length);
    expect(caretAfterDigits(formatted, 99)).toBe(formatted.length);
  });

  it.each([
    ['12', true],
    ['12125550187', true],
    ['1', false],
    ['', false],
    ['121255501870', false],
  ])('the number rule: %j is diallable: %s — the server schema agrees', (digits, isDiallable) => {
    expect(isDiallableNumber(digits)).toBe(isDiallable);
    expect(outboundCallSchema.safeParse({ phoneNumber: digits }).success).toBe(isDiallable);
  });

  it.each([
    ['out_bound', '12', false, null],
    ['out_bound', '12125550187', false, null],
    ['out_bound', '1', false, 'PHONE_NUMBER_LENGTH'],
    ['out_bound', '121255501870', false, 'PHONE_NUMBER_LENGTH'],
    ['available', '12125550187', false, 'OUTBOUND_NEEDS_OUT_BOUND'],
    ['gone_home', '1', false, 'OUTBOUND_NEEDS_OUT_BOUND'],
    ['on_call', '12125550187', true, 'CALL_IN_PROGRESS'],
    ['available', '1', true, 'CALL_IN_PROGRESS'],
  ])('dialling in %s, %j, a call open: %s → %s', (status, digits, hasCall, refusal) => {
    expect(dialRefusal(status, digits, hasCall)).toBe(refusal);
  });
});

/** The field as the browser leaves it after each key typed at the caret, read by dialerEdit. */
function typeAt(
  start: string,
  keys: string,
  { selectAll = false, caretDigits = start.length } = {},
) {
  let digits = start;
  let caret = caretDigits;
  for (const [index, key] of [...keys].entries()) {
    const shown = formatPhone(digits);
    let typed: string;
    if (selectAll && index === 0) typed = key;
    else {
      const at = caretAfterDigits(shown, caret);
      typed = shown.slice(0, at) + key + shown.slice(at);
    }
    const caretInTyped = selectAll && index === 0 ? 1 : caretAfterDigits(shown, caret) + 1;
    const edit = dialerEdit(digits, typed, caretInTyped, 'insertText');
    digits = edit.digits;
    caret = edit.caretDigits;
  }
  return digits;
}

const keypad = (start: string, keys: string) => [...keys].reduce(dialerPress, start);
const digitKeys = (options?: { minLength?: number; maxLength?: number }) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), ...options });
/** A number as typed without its country code: no area code starts with 0 or 1. */
const nationalKeys = fc
  .tuple(fc.constantFrom(...'23456789'), digitKeys({ maxLength: 12 }))
  .map(([first, rest]) => first + rest);

describe('the input paths of the dialer agree (properties)', () => {
  it('typing at the end of the field gives what the keypad gives', () => {
    fc.assert(
      fc.property(digitKeys({ maxLength: 14 }), (keys) => {
        expect(typeAt('1', keys)).toBe(keypad('1', keys));
      }),
    );
  });

  it('a national number typed over the selected fresh field, typed after its +1 or keyed in: the same', () => {
    fc.assert(
      fc.property(nationalKeys, (keys) => {
        const keyed = keypad('1', keys);
        expect(typeAt('1', keys, { selectAll: true })).toBe(keyed);
        expect(typeAt('1', keys)).toBe(keyed);
      }),
    );
  });

  it('a number typed with its country code over the selected field is that number', () => {
    fc.assert(
      fc.property(nationalKeys, (keys) => {
        expect(typeAt('1', `1${keys}`, { selectAll: true })).toBe(keypad('1', keys));
      }),
    );
  });

  it('a 10-digit national number pasted into the fresh field is the same as typed', () => {
    fc.assert(
      fc.property(
        nationalKeys.filter((keys) => keys.length >= 10),
        (keys) => {
          const national = keys.slice(0, 10);
          expect(dialerPaste('1', national, true)).toBe(typeAt('1', national, { selectAll: true }));
        },
      ),
    );
  });

  it('a digit typed in the middle lands where the caret was, the 12th falling off the end', () => {
    fc.assert(
      fc.property(
        digitKeys({ minLength: 1, maxLength: 10 }),
        fc.constantFrom(...'0123456789'),
        fc.nat(),
        (rest, key, place) => {
          const number = `1${rest}`;
          const caret = 1 + (place % number.length);
          const expected = (number.slice(0, caret) + key + number.slice(caret)).slice(0, 11);
          expect(typeAt(number, key, { caretDigits: caret })).toBe(expected);
        },
      ),
    );
  });
});

describe('timers and durations', () => {
  it.each([
    [0, '00:00:00', '00:00', '0s'],
    [59, '00:00:59', '00:59', '59s'],
    [61, '00:01:01', '01:01', '1m 1s'],
    [3600, '01:00:00', '60:00', '1h 0m 0s'],
    [4503, '01:15:03', '75:03', '1h 15m 3s'],
    [-5, '00:00:00', '00:00', '0s'],
  ])('%i s → %s, %s, %s', (seconds, timer, callTimer, duration) => {
    expect(formatTimer(seconds)).toBe(timer);
    expect(formatCallTimer(seconds)).toBe(callTimer);
    expect(formatDuration(seconds)).toBe(duration);
  });
});

describe('clocks per zone', () => {
  it('shows each US zone in 12-hour time with weekday, month and day', () => {
    const at = new Date('2026-01-15T17:04:05Z');
    expect(formatClock(at, 'America/New_York')).toEqual({
      time: '12:04:05 PM',
      date: 'Thu, Jan 15',
    });
    expect(formatClock(at, 'America/Chicago').time).toBe('11:04:05 AM');
    expect(formatClock(at, 'America/Denver').time).toBe('10:04:05 AM');
    expect(formatClock(at, 'America/Los_Angeles').time).toBe('9:04:05 AM');
  });

  it('follows daylight saving time (US clocks moved on 8 March 2026)', () => {
    expect(formatClock(new Date('2026-03-08T06:59:59Z'), 'America/New_York').time).toBe(
      '1:59:59 AM',
    );
    expect(formatClock(new Date('2026-03-08T07:00:00Z'), 'America/New_York').time).toBe(
      '3:00:00 AM',
    );
  });

  it('writes activity times in Eastern time', () => {
    expect(formatEasternTime('2026-07-04T16:30:00Z')).toBe('Jul 4, 12:30:00 PM');
  });
});

describe('status labels', () => {
  it('uses the spec labels and shows an unknown status raw', () => {
    expect(statusLabel('after_call')).toBe('After Call Work');
    expect(statusLabel('personal')).toBe('Personal Time');
    expect(statusLabel('on_strike')).toBe('on_strike');
  });
});
