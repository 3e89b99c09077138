import { Text, Textarea } from '@mantine/core';
import type { NotesSaveState, useCallNotes } from '../hooks/use-call-notes';

const saveStateText: Record<NotesSaveState, string> = {
  unchanged: '',
  saving: 'Saving...',
  saved: 'Saved',
  failed: '',
};

/** A call's notes, saved as typed (useCallNotes), with what became of the last save. */
export function CallNotesField({
  label,
  notes,
}: {
  label: string;
  notes: ReturnType<typeof useCallNotes>;
}) {
  return (
    <div>
      <Textarea
        label={label}
        placeholder="Add call notes..."
        autosize
        minRows={3}
        maxRows={8}
        value={notes.notes}
        onChange={(event) => notes.change(event.currentTarget.value)}
        onBlur={() => void notes.flush()}
        error={notes.failure ?? undefined}
      />
      <Text size="xs" c="dimmed" mt={4} mih={18} aria-live="polite">
        {saveStateText[notes.saveState]}
      </Text>
    </div>
  );
}
