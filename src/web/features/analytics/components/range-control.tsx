import { Group, NativeSelect, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  type RangeSelection,
  isCalendarDate,
  rangePresetLabels,
} from '../../../../shared/analytics';
import {
  analyticsRangeQuerySchema,
  type ResolvedRangeBody,
} from '../../../../shared/schemas/analytics';
import {
  type RangeChoice,
  describeRange,
  initialCustomRange,
  isCustomRange,
  rangeChoiceOf,
  rangeChoices,
} from '../range';

interface RangeControlProps {
  selection: RangeSelection;
  onChange: (selection: RangeSelection) => void;
  /** The range the figures on screen cover, as the server resolved it. */
  shown: ResolvedRangeBody | undefined;
}

type DateField = 'from' | 'to';

const NOT_A_DATE = 'Must be a date YYYY-MM-DD';

/** The server's own check of a custom range, run here for instant feedback. */
function customRangeErrors(from: string, to: string): Partial<Record<DateField, string>> {
  // The shared check compares days only once both are real days (it cannot count otherwise).
  if (!isCalendarDate(from) || !isCalendarDate(to)) {
    return {
      ...(isCalendarDate(from) ? {} : { from: NOT_A_DATE }),
      ...(isCalendarDate(to) ? {} : { to: NOT_A_DATE }),
    };
  }
  const parsed = analyticsRangeQuerySchema.safeParse({ range: 'custom', from, to });
  if (parsed.success) return {};
  const errors: Partial<Record<DateField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'to' ? 'to' : 'from';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** What the figures cover: the days and the call centre's zone they are counted in. */
function rangeDescription(shown: ResolvedRangeBody) {
  return shown.from ? `${describeRange(shown)} · ${shown.timeZone}` : 'Every call on record';
}

/**
 * The date range of every analytics view: a preset in the call centre's time zone,
 * or two days. A custom range applies as soon as both days make a valid range.
 */
export function RangeControl({ selection, onChange, shown }: RangeControlProps) {
  const choice = rangeChoiceOf(selection);
  const applied = isCustomRange(selection) ? selection : null;
  const [draft, setDraft] = useState(applied ?? { from: '', to: '' });
  // A range applied elsewhere (the URL, Back) replaces what was being typed.
  const [lastApplied, setLastApplied] = useState(applied);
  if (applied?.from !== lastApplied?.from || applied?.to !== lastApplied?.to) {
    setLastApplied(applied);
    if (applied) setDraft(applied);
  }
  const errors = choice === 'custom' ? customRangeErrors(draft.from, draft.to) : {};

  function choose(next: RangeChoice) {
    if (next !== 'custom') {
      onChange({ preset: next });
      return;
    }
    const start = initialCustomRange(shown, new Date());
    setDraft(start);
    onChange(start);
  }

  function changeDay(field: DateField, value: string) {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (Object.keys(customRangeErrors(next.from, next.to)).length === 0) onChange(next);
  }

  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <NativeSelect
        label="Date range"
        value={choice}
        onChange={(event) => choose(event.currentTarget.value as RangeChoice)}
        data={rangeChoices.map((value) => ({ value, label: rangePresetLabels[value] }))}
        description={shown ? rangeDescription(shown) : undefined}
        w={240}
      />
      {choice === 'custom' && (
        <>
          <TextInput
            type="date"
            label="From"
            value={draft.from}
            max={draft.to || undefined}
            onChange={(event) => changeDay('from', event.currentTarget.value)}
            error={errors.from}
            w={170}
          />
          <TextInput
            type="date"
            label="To"
            value={draft.to}
            min={draft.from || undefined}
            onChange={(event) => changeDay('to', event.currentTarget.value)}
            error={errors.to}
            w={170}
          />
        </>
      )}
    </Group>
  );
}
