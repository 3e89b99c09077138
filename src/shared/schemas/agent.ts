import { z } from 'zod';
import { DIALLABLE_NUMBER, MAX_PHONE_DIGITS, MIN_PHONE_DIGITS } from '../phone';
import { agentStatuses, statusSetters, systemStatuses } from '../statuses';
import { isoDateTime } from './fields';

export const agentStatusSchema = z.enum(agentStatuses);

export const callTypeSchema = z.enum(['inbound', 'outbound']);
export type CallType = z.infer<typeof callTypeSchema>;
export const callOutcomeSchema = z.enum(['answered', 'declined', 'missed']);
export type CallOutcome = z.infer<typeof callOutcomeSchema>;

/**
 * The agent's open call, if any. Every timer is derived from these server timestamps:
 * the ring countdown from `ringDeadline`, the connecting screen until `answeredAt` +
 * `connectDelayMs`, the call timer from `answeredAt`.
 */
export const currentCallSchema = z.object({
  id: z.string(),
  /** Digits only; shown with formatPhone. */
  phoneNumber: z.string(),
  callType: callTypeSchema,
  /** ringing: offered, waiting for Answer/Decline; active: answered, not yet ended. */
  phase: z.enum(['ringing', 'active']),
  offeredAt: isoDateTime,
  /** When an unanswered offer becomes missed; null once answered. */
  ringDeadline: isoDateTime.nullable(),
  answeredAt: isoDateTime.nullable(),
  notes: z.string().nullable(),
});
export type CurrentCall = z.infer<typeof currentCallSchema>;

/**
 * The agent's status as the server knows it. Timers are derived, never stored per second:
 * the browser ticks 'This' from `since` and 'Overall' from `todaySeconds` + the time since
 * `serverNow`, corrected by its measured clock offset.
 */
export const agentStateSchema = z.object({
  status: agentStatusSchema,
  /**
   * Who set it: 'system' for On Call and After Call Work, and for Tech Issues when the agent's
   * every connection was gone while Available or after offers missed in a row (the softphone
   * then says why).
   */
  setBy: z.enum(statusSetters),
  /** Tech Issues the system set after this many offers missed in a row; null otherwise. */
  missedInARow: z.number().int().nullable(),
  /** When the current status began; null before the agent ever set one (initial gone_home). */
  since: isoDateTime.nullable(),
  /** The server's clock when this was computed: the browser measures its offset from it. */
  serverNow: isoDateTime,
  /** The call centre's day these totals are for, 'YYYY-MM-DD' in CALL_CENTRE_TZ. */
  day: z.string(),
  /** When that day ends: the browser fetches the state again then, as totals restart. */
  dayEndsAt: isoDateTime,
  /** Seconds spent today in each status, the current one counted up to `serverNow`. */
  todaySeconds: z.record(z.string(), z.number().int()),
  /** The ringing or active call, or null ('No active calls'). */
  call: currentCallSchema.nullable(),
  /**
   * When the status or the call last changed (null: never). The browser keeps the state that
   * changed last, then the one computed last: a change is stamped when asked for and commits
   * once it has the agent's lock, so a read computed in between misses it.
   */
  changedAt: isoDateTime.nullable(),
  /** How long the connecting screen shows after an answer or a dial (spec §9: 2.5 s). */
  connectDelayMs: z.number().int(),
});
export type AgentState = z.infer<typeof agentStateSchema>;

export const changeStatusSchema = z.object({
  status: agentStatusSchema.refine((status) => !systemStatuses.includes(status), {
    error: 'On Call and After Call Work are set by the system',
  }),
});

/** One Activity Log row (spec §2): a call that was answered, declined or missed. */
export const callLogEntrySchema = z.object({
  id: z.string(),
  phoneNumber: z.string(),
  callType: callTypeSchema,
  timeReceived: isoDateTime,
  callStatus: callOutcomeSchema,
  /** Null while an answered call is still going on. */
  durationSeconds: z.number().int().nullable(),
  notes: z.string().nullable(),
  /** The wrap-up code chosen for an answered call; null before one is (or with none). */
  wrapUpCode: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type CallLogEntry = z.infer<typeof callLogEntrySchema>;

export const MAX_TRANSCRIPT_LINE_LENGTH = 2000;

/** A line of a call's transcript: who spoke (the caller, or the agent's turn), what, when. */
export const transcriptLineSchema = z.object({
  speaker: z.enum(['caller', 'agent']),
  text: z.string().max(MAX_TRANSCRIPT_LINE_LENGTH, {
    error: `A transcript line must be at most ${MAX_TRANSCRIPT_LINE_LENGTH} characters`,
  }),
  at: isoDateTime,
});
export type TranscriptLine = z.infer<typeof transcriptLineSchema>;

/** One of the agent's calls in full: as the Activity Log lists it, with its transcript. */
export const callDetailsSchema = z.object({
  call: callLogEntrySchema.extend({ transcript: z.array(transcriptLineSchema) }),
});
export type CallDetails = z.infer<typeof callDetailsSchema>['call'];

/**
 * Lines the voice assistant heard, numbered by it from 0 in the call: a line sent again (a
 * retry) is kept once.
 */
export const transcriptLinesSchema = z.object({
  lines: z
    .array(transcriptLineSchema.extend({ line: z.number().int().min(0).max(100_000) }))
    .min(1, { error: 'Send at least one line' })
    .max(50, { error: 'Send at most 50 lines at a time' }),
});

export const RECENT_CALLS_LIMIT = 10;

export const callLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(RECENT_CALLS_LIMIT),
});

export const callLogSchema = z.object({ calls: z.array(callLogEntrySchema) });

/** What a dialled number must be: the server's refusal, and the dialer's hint while short. */
export const PHONE_NUMBER_LENGTH_MESSAGE = `Enter a phone number of ${MIN_PHONE_DIGITS} to ${MAX_PHONE_DIGITS} digits`;

/**
 * A dialled number: non-digits are stripped (spec §5 'Dialer'), leaving a diallable number
 * (phone.ts `DIALLABLE_NUMBER`: more than one digit and at most 11).
 */
export const outboundCallSchema = z.object({
  phoneNumber: z
    .string({ error: 'Enter a phone number' })
    .transform((value) => value.replace(/\D/g, ''))
    .pipe(z.string().regex(DIALLABLE_NUMBER, { error: PHONE_NUMBER_LENGTH_MESSAGE })),
});

export const MAX_CALL_NOTES_LENGTH = 5000;

/**
 * A call's wrap-up as the agent saves it: notes (on any call with an outcome), the wrap-up code
 * (null: none) while the call or its After Call Work goes on. Either or both.
 */
export const callWrapUpSchema = z
  .object({
    notes: z
      .string()
      .max(MAX_CALL_NOTES_LENGTH, {
        error: `Notes must be at most ${MAX_CALL_NOTES_LENGTH} characters`,
      })
      .optional(),
    wrapUpCodeId: z.uuid({ error: 'Not a wrap-up code id' }).nullable().optional(),
  })
  .refine((body) => body.notes !== undefined || body.wrapUpCodeId !== undefined, {
    error: 'Give notes or a wrap-up code',
  });

export const callIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a call id' }) });
