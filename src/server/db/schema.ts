import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable } from 'kysely';
import type { StatusSetBy } from '../../shared/statuses';

/** Timestamps come back as Date; inserts may pass Date or an ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  email: string | null;
  username: string;
  /** caselessKey(username), unique: what sign-in, reset and uniqueness compare. */
  username_key: string;
  password_hash: string;
  role: 'employee' | 'admin';
  is_super_admin: Generated<boolean>;
  team_id: string | null;
  security_question: string | null;
  security_answer_hash: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface TeamsTable {
  id: Generated<string>;
  name: string;
  /** The name's caseless key (shared/caseless-key.ts): unique. */
  name_key: string;
  description: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Whether an agent must choose a wrap-up code before leaving After Call Work. */
  wrap_up_required: Generated<boolean>;
  /** After Call Work longer than this ends: the system sets Available. Null: no limit. */
  after_call_limit_seconds: number | null;
  /** Per-agent offers (spec §4) or a queue (shared/schemas/queues.ts). */
  inbound_mode: Generated<'per-agent' | 'queue'>;
  calls_per_hour: Generated<number>;
  /** Callers' mean patience; 0: they never give up. */
  patience_seconds: Generated<number>;
  service_level_seconds: Generated<number>;
  service_level_target_percent: Generated<number>;
  /** In queue mode, when the next caller arrives (null: not yet drawn). */
  next_caller_at: Timestamp | null;
}

/** A caller in a team's queue: arrival, when their patience runs out, how and when they left. */
export interface QueueCallersTable {
  id: Generated<string>;
  team_id: string | null;
  phone_number: string;
  arrived_at: Timestamp;
  /** Null: never gives up. */
  gives_up_at: Timestamp | null;
  /** Null while waiting (or ringing at an agent). */
  outcome: 'answered' | 'abandoned' | null;
  ended_at: Timestamp | null;
}

/** A team's wrap-up code; a deleted team's stay, without it, for their calls. */
export interface WrapUpCodesTable {
  id: Generated<string>;
  team_id: string | null;
  name: string;
  /** The name's caseless key (shared/caseless-key.ts): unique in the team. */
  name_key: string;
  active: Generated<boolean>;
  /** The order the team sees them in: as added. */
  position: number;
  created_at: CreatedAt;
}

export interface TeamMembersTable {
  id: Generated<string>;
  team_id: string;
  user_id: string;
  role: 'member' | 'team_leader';
  created_at: CreatedAt;
}

export interface EmployeeInfoTable {
  user_id: string;
  full_name: string | null;
  updated_at: UpdatedAt;
}

export interface CallLogsTable {
  id: Generated<string>;
  user_id: string;
  phone_number: string;
  call_type: 'inbound' | 'outbound';
  /** Null while an offered call is still ringing. */
  call_status: 'answered' | 'declined' | 'missed' | null;
  time_received: Timestamp;
  answered_at: Timestamp | null;
  ended_at: Timestamp | null;
  duration_seconds: number | null;
  notes: string | null;
  /** While ringing: when the offer becomes missed. */
  ring_deadline: Timestamp | null;
  /** The voice-AI identity (its name) that took the call; null for the local assistant. */
  voice_identity: string | null;
  /** The wrap-up code the agent chose for an answered call. */
  wrap_up_code_id: string | null;
  /** The queue caller this call offered or answered; null for a per-agent offer or a dial. */
  caller_id: string | null;
}

export interface LiveConnectionsTable {
  id: Generated<string>;
  user_id: string;
  session_id: string;
  /** The server process holding the socket. */
  instance_id: string;
  opened_at: Timestamp;
  seen_at: Timestamp;
  closed_at: Timestamp | null;
}

/** One line of a call's transcript, numbered by the voice assistant from 0. */
export interface CallTranscriptLinesTable {
  call_id: string;
  line: number;
  speaker: 'caller' | 'agent';
  text: string;
  at: Timestamp;
}

export interface EmployeeStatusLogTable {
  id: Generated<string>;
  user_id: string;
  status: string;
  started_at: Timestamp;
  ended_at: Timestamp | null;
  duration_seconds: number | null;
  /**
   * 'agent', or 'system': On Call, After Call Work, and Tech Issues on a lost connection or
   * after missed offers in a row.
   */
  set_by: Generated<StatusSetBy>;
  /** Tech Issues the system set after this many missed offers in a row; null otherwise. */
  missed_in_a_row: number | null;
}

export interface EmployeeSessionsTable {
  id: Generated<string>;
  user_id: string;
  /** The call centre's calendar day, 'YYYY-MM-DD'. */
  session_date: string;
  session_start: Timestamp;
  session_end: Timestamp | null;
}

export interface AuthSessionsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface PasswordResetTokensTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  created_at: CreatedAt;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_name: string | null;
  ip: string | null;
  details: ColumnType<unknown, string | null | undefined, string | null>;
  /** Generated: the names and the action, lowercased, for the search. */
  search_text: GeneratedAlways<string>;
}

export interface AuthAttemptsTable {
  id: Generated<string>;
  kind: 'sign_in' | 'reset_answer' | 'current_password';
  /**
   * The caseless key of the username as typed: unknown names are limited too. A current-password
   * check is already signed in, so its key is the user's id, which a rename does not reset.
   */
  username_key: string;
  ip: string | null;
  created_at: Timestamp;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export interface Database {
  users: UsersTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  employee_info: EmployeeInfoTable;
  call_logs: CallLogsTable;
  queue_callers: QueueCallersTable;
  wrap_up_codes: WrapUpCodesTable;
  call_transcript_lines: CallTranscriptLinesTable;
  employee_status_log: EmployeeStatusLogTable;
  employee_sessions: EmployeeSessionsTable;
  auth_sessions: AuthSessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  audit_log: AuditLogTable;
  auth_attempts: AuthAttemptsTable;
  app_settings: AppSettingsTable;
  live_connections: LiveConnectionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type TeamRow = Selectable<TeamsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
