import type { TranscriptLine } from '../../../../shared/schemas/agent';
import type { NumberedLine } from '../api/call-details';

/** How long a transcript save that failed waits before it is tried again. */
export const TRANSCRIPT_RETRY_MS = 3000;
/** The most lines one save sends (the server's limit). */
const LINES_PER_SAVE = 50;

/**
 * Saves one call's transcript as it is said: each line numbered in order from `firstLine`
 * (after the lines already saved), sent at once, and sent again after a failure until the
 * server has it (it keeps a line sent twice once). Closing sends what is left one last time.
 */
export class TranscriptWriter {
  private nextLine: number;
  private pending: NumberedLine[] = [];
  private isSaving = false;
  private isClosed = false;
  private retry: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly callId: string,
    private readonly save: (callId: string, lines: readonly NumberedLine[]) => Promise<void>,
    firstLine = 0,
  ) {
    this.nextLine = firstLine;
  }

  add(line: TranscriptLine) {
    this.pending.push({ ...line, line: this.nextLine });
    this.nextLine += 1;
    void this.flush();
  }

  close() {
    this.isClosed = true;
    clearTimeout(this.retry);
    void this.flush();
  }

  private async flush() {
    if (this.isSaving || this.pending.length === 0) return;
    this.isSaving = true;
    const batch = this.pending.slice(0, LINES_PER_SAVE);
    try {
      await this.save(this.callId, batch);
      this.pending = this.pending.slice(batch.length);
      this.isSaving = false;
      void this.flush();
    } catch (error) {
      this.isSaving = false;
      console.warn(`voice: the transcript of call ${this.callId} was not saved`, error);
      if (this.isClosed) return;
      clearTimeout(this.retry);
      this.retry = setTimeout(() => void this.flush(), TRANSCRIPT_RETRY_MS);
    }
  }
}
