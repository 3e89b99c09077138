import { useQuery } from '@tanstack/react-query';
import {
  MAX_TRANSCRIPT_LINE_LENGTH,
  type TranscriptLine,
  callDetailsSchema,
} from '../../../../shared/schemas/agent';
import { okResponseSchema } from '../../../../shared/schemas/sign-in';
import { apiRequest } from '../../../lib/api-client';
import { agentCallPath } from './wrap-up';

/**
 * A call with its notes, wrap-up code and transcript, from `path`: the agent's own
 * (`agentCallPath`), or an employee's as an admin reads it.
 */
async function getCallDetailsAt(path: string, signal?: AbortSignal) {
  return (await apiRequest(path, { schema: callDetailsSchema, signal })).call;
}

export const getCallDetails = (callId: string, signal?: AbortSignal) =>
  getCallDetailsAt(agentCallPath(callId), signal);

export function useCallDetails(path: string) {
  return useQuery({
    queryKey: ['call-details', path],
    queryFn: ({ signal }) => getCallDetailsAt(path, signal),
  });
}

/** A transcript line numbered within its call, as the server keeps it. */
export interface NumberedLine extends TranscriptLine {
  line: number;
}

/** POST /api/agent/calls/:id/transcript: lines said on the call (a line sent again is kept once). */
export async function saveTranscriptLines(callId: string, lines: readonly NumberedLine[]) {
  await apiRequest(`${agentCallPath(callId)}/transcript`, {
    method: 'POST',
    body: {
      lines: lines.map((line) => ({
        ...line,
        text: line.text.slice(0, MAX_TRANSCRIPT_LINE_LENGTH),
      })),
    },
    schema: okResponseSchema,
  });
}
