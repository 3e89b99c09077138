import type { CallLogEntry, CurrentCall } from '../../../shared/schemas/agent';
import type { CallRow } from './calls.repository';

/** The open call (ringing or in progress) as the agent's state carries it. */
export function toCurrentCall(
  row: Pick<
    CallRow,
    | 'id'
    | 'phone_number'
    | 'call_type'
    | 'call_status'
    | 'time_received'
    | 'ring_deadline'
    | 'answered_at'
    | 'notes'
  >,
): CurrentCall {
  return {
    id: row.id,
    phoneNumber: row.phone_number,
    callType: row.call_type,
    phase: row.call_status === 'answered' ? 'active' : 'ringing',
    offeredAt: row.time_received.toISOString(),
    ringDeadline: row.call_status === null ? (row.ring_deadline?.toISOString() ?? null) : null,
    answeredAt: row.answered_at?.toISOString() ?? null,
    notes: row.notes,
  };
}

/** An Activity Log row: only calls with an outcome get here. */
export function toCallLogEntry(row: CallRow): CallLogEntry {
  if (row.call_status === null) throw new Error(`call ${row.id} is still ringing`);
  return {
    id: row.id,
    phoneNumber: row.phone_number,
    callType: row.call_type,
    timeReceived: row.time_received.toISOString(),
    callStatus: row.call_status,
    durationSeconds: row.duration_seconds,
    notes: row.notes,
    wrapUpCode:
      row.wrap_up_code_id && row.wrap_up_code_name
        ? { id: row.wrap_up_code_id, name: row.wrap_up_code_name }
        : null,
  };
}
