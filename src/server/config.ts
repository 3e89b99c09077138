import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { type TrustProxy, trustProxyVariable } from './platform/trust-proxy';

function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    INSTANCE_NAME: z.string().trim().min(1).max(200).optional(),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SESSION_IDLE_HOURS: z.coerce.number().positive().default(12),
    CALL_CENTRE_TZ: z
      .string()
      .refine(isTimeZone, 'must be an IANA time zone such as America/New_York')
      .default('America/New_York'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    TRUST_PROXY: trustProxyVariable,
    RATE_LIMIT_WINDOW_MINUTES: positiveInt(15),
    RATE_LIMIT_SIGN_IN_FAILURES: positiveInt(10),
    RATE_LIMIT_RESET_ANSWER_FAILURES: positiveInt(5),
    RATE_LIMIT_PASSWORD_FAILURES: positiveInt(5),
    RATE_LIMIT_FAILURES_PER_IP: positiveInt(100),
    RATE_LIMIT_AUTH_PER_IP: positiveInt(1000),
    RATE_LIMIT_WRITES_PER_MINUTE: positiveInt(600),
    RATE_LIMIT_LIVE_OPENS_PER_MINUTE: positiveInt(600),
    CALL_OFFER_DELAY_MIN_MS: positiveInt(5000),
    CALL_OFFER_DELAY_MAX_MS: positiveInt(10_999),
    CALL_RING_MS: positiveInt(20_000),
    CALL_CONNECT_DELAY_MS: z.coerce.number().int().min(0).default(2500),
    CALL_DISCONNECT_GRACE_MS: positiveInt(10_000),
    CALL_ENGINE_TICK_MS: z.coerce.number().int().min(0).default(250),
    PRESENCE_GRACE_MS: positiveInt(120_000),
    CALL_PAUSE_AFTER_MISSED: z.coerce
      .number()
      .int()
      .min(0)
      .refine((count) => count !== 1, 'must be 0 (never) or at least 2')
      .default(2),
    LIVE_HEARTBEAT_MS: positiveInt(3000),
    LIVE_SOCKETS_PER_USER: positiveInt(10),
    VOICE_IDENTITIES: z.string().optional(),
    VOICE_IDENTITIES_FILE: z.string().optional(),
    VOICE_API_BASE_URL: z.url({ error: 'must be a URL' }).default('https://api.vapi.ai'),
  })
  .refine((e) => e.CALL_OFFER_DELAY_MIN_MS <= e.CALL_OFFER_DELAY_MAX_MS, {
    path: ['CALL_OFFER_DELAY_MAX_MS'],
    error: 'must be at least CALL_OFFER_DELAY_MIN_MS',
  })
  .refine((e) => e.CALL_DISCONNECT_GRACE_MS <= e.PRESENCE_GRACE_MS, {
    path: ['PRESENCE_GRACE_MS'],
    error: 'must be at least CALL_DISCONNECT_GRACE_MS',
  })
  .refine((e) => e.LIVE_HEARTBEAT_MS < e.CALL_DISCONNECT_GRACE_MS, {
    path: ['LIVE_HEARTBEAT_MS'],
    error: 'must be shorter than CALL_DISCONNECT_GRACE_MS',
  });

export interface Config {
  port: number;
  /**
   * Who this server is across restarts (default host:port): a process started under the name
   * of one whose heartbeat is still fresh knows that one is dead, its own earlier run.
   * Undefined: a new name every start (no restart is recognised).
   */
  instanceName: string | undefined;
  host: string;
  dataDir: string;
  /** Absent: the embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** Absent: generated once and kept in the database, shared by every process using it. */
  sessionSecret: string | undefined;
  sessionIdleHours: number;
  callCentreTimeZone: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Whose `X-Forwarded-*` headers to believe: the client's address, HTTPS, the host. */
  trustProxy: TrustProxy;
  rateLimits: {
    windowMinutes: number;
    signInFailuresPerUsername: number;
    resetAnswerFailuresPerUsername: number;
    /**
     * Wrong current passwords per user when changing their own (a session in other hands could
     * guess), counted apart from sign-in so it never locks the user out of signing in.
     */
    currentPasswordFailuresPerUser: number;
    /**
     * Failed sign-ins (and, separately, wrong answers; wrong current passwords) per address: a
     * call floor shares one.
     */
    failuresPerAddress: number;
    /** Every sign-in, reset and setup request per address: a flood guard, not a guess limit. */
    authRequestsPerAddress: number;
    /**
     * State-changing /api requests per minute per signed-in user (anonymous ones: per address),
     * on each process; routes with a per-address limit of their own are counted by that.
     */
    writesPerMinute: number;
    /**
     * Live sockets opened (upgrades to /api/live) per address per minute, on each process,
     * signed in or not: a flood guard sized for a call floor behind one address reconnecting
     * at once.
     */
    liveOpensPerMinute: number;
  };
  /** Live sockets one user may hold open on this process; one more is closed with 4429. */
  liveSocketsPerUser: number;
  /** The call engine's timings (spec §9 defaults); tests shrink them. */
  callEngine: CallEngineConfig;
  voice: {
    /** Handed out round-robin; none means the local assistant. */
    identities: VoiceIdentity[];
    /** The voice provider's API, for the browser's client. */
    apiBaseUrl: string;
  };
}

export interface CallEngineConfig {
  /** Random delay before an offer to an eligible agent, inclusive bounds. */
  offerDelayMinMs: number;
  offerDelayMaxMs: number;
  /** How long an offer rings before it is missed. */
  ringMs: number;
  /** The connecting screen after an answer or a dial, before the active call shows. */
  connectDelayMs: number;
  /** A ringing call is missed once the agent's every live connection has been gone this long. */
  disconnectGraceMs: number;
  /**
   * An Available agent whose every live connection has been gone this long is set to Tech
   * Issues by the system, so calls stop going to them (presence hygiene).
   */
  presenceGraceMs: number;
  /**
   * An Available agent who lets this many offers in a row ring out is set to Tech Issues by
   * the system, so calls stop going to someone not there; 0: never.
   */
  pauseAfterMissed: number;
  /** How often this process runs the engine; 0 turns it off (tests tick by hand). */
  tickMs: number;
  /** How often this process refreshes its live connections and pings its sockets. */
  heartbeatMs: number;
}

export const defaultCallEngine: CallEngineConfig = {
  offerDelayMinMs: 5000,
  offerDelayMaxMs: 10_999,
  ringMs: 20_000,
  connectDelayMs: 2500,
  disconnectGraceMs: 10_000,
  presenceGraceMs: 120_000,
  pauseAfterMissed: 2,
  tickMs: 250,
  heartbeatMs: 3000,
};

/** One voice-AI assistant identity (spec §3 rotation list). The private key stays here. */
const voiceIdentitySchema = z.object({
  name: z.string().trim().min(1),
  publicKey: z.string().min(1),
  privateKey: z.string().min(1),
  assistantId: z.string().min(1),
  phoneId: z.string().optional(),
  phoneNumber: z.string().optional(),
});
export type VoiceIdentity = z.infer<typeof voiceIdentitySchema>;

const voiceIdentitiesSchema = z
  .array(voiceIdentitySchema)
  .refine((list) => new Set(list.map((identity) => identity.name)).size === list.length, {
    error: 'identity names must be unique',
  });

export class ConfigError extends Error {}

/**
 * The voice identities: JSON in VOICE_IDENTITIES, or in the file VOICE_IDENTITIES_FILE
 * names. None configured: the local assistant.
 */
function loadVoiceIdentities(inline: string | undefined, file: string | undefined) {
  if (inline !== undefined && file !== undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  VOICE_IDENTITIES: give it or VOICE_IDENTITIES_FILE, not both',
    );
  }
  const variable = inline !== undefined ? 'VOICE_IDENTITIES' : 'VOICE_IDENTITIES_FILE';
  let text = inline;
  if (file !== undefined) {
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new ConfigError(
        `Invalid configuration:\n  ${variable}: cannot read ${file} (${(error as Error).message})`,
      );
    }
  }
  if (text === undefined) return [];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ConfigError(`Invalid configuration:\n  ${variable}: not valid JSON`);
  }
  const parsed = voiceIdentitiesSchema.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${variable}${i.path.map((p) => `[${String(p)}]`).join('')}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Reads the environment; a bad value stops the process with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL= npm start`) means unset, as in most tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    instanceName: e.INSTANCE_NAME ?? `${hostname()}:${e.PORT}`,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET,
    sessionIdleHours: e.SESSION_IDLE_HOURS,
    callCentreTimeZone: e.CALL_CENTRE_TZ,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimits: {
      windowMinutes: e.RATE_LIMIT_WINDOW_MINUTES,
      signInFailuresPerUsername: e.RATE_LIMIT_SIGN_IN_FAILURES,
      resetAnswerFailuresPerUsername: e.RATE_LIMIT_RESET_ANSWER_FAILURES,
      currentPasswordFailuresPerUser: e.RATE_LIMIT_PASSWORD_FAILURES,
      failuresPerAddress: e.RATE_LIMIT_FAILURES_PER_IP,
      authRequestsPerAddress: e.RATE_LIMIT_AUTH_PER_IP,
      writesPerMinute: e.RATE_LIMIT_WRITES_PER_MINUTE,
      liveOpensPerMinute: e.RATE_LIMIT_LIVE_OPENS_PER_MINUTE,
    },
    liveSocketsPerUser: e.LIVE_SOCKETS_PER_USER,
    callEngine: {
      offerDelayMinMs: e.CALL_OFFER_DELAY_MIN_MS,
      offerDelayMaxMs: e.CALL_OFFER_DELAY_MAX_MS,
      ringMs: e.CALL_RING_MS,
      connectDelayMs: e.CALL_CONNECT_DELAY_MS,
      disconnectGraceMs: e.CALL_DISCONNECT_GRACE_MS,
      presenceGraceMs: e.PRESENCE_GRACE_MS,
      pauseAfterMissed: e.CALL_PAUSE_AFTER_MISSED,
      tickMs: e.CALL_ENGINE_TICK_MS,
      heartbeatMs: e.LIVE_HEARTBEAT_MS,
    },
    voice: {
      identities: loadVoiceIdentities(e.VOICE_IDENTITIES, e.VOICE_IDENTITIES_FILE),
      apiBaseUrl: e.VOICE_API_BASE_URL,
    },
  };
}

/** Defaults for tests: in-memory database, quiet logs, a fixed secret. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    instanceName: undefined,
    host: '127.0.0.1',
    dataDir: '',
    databaseUrl: undefined,
    sessionSecret: 'test-secret-test-secret-test-secret-0123',
    sessionIdleHours: 12,
    callCentreTimeZone: 'America/New_York',
    logLevel: 'silent',
    trustProxy: false,
    rateLimits: {
      windowMinutes: 15,
      signInFailuresPerUsername: 10,
      resetAnswerFailuresPerUsername: 5,
      currentPasswordFailuresPerUser: 5,
      failuresPerAddress: 100,
      authRequestsPerAddress: 10_000,
      // A test file's requests all come from one address and a few users (the limit has its
      // own tests).
      writesPerMinute: 1_000_000,
      liveOpensPerMinute: 1_000_000,
    },
    liveSocketsPerUser: 10,
    // Tests run the engine by hand with the fake clock.
    callEngine: { ...defaultCallEngine, tickMs: 0 },
    voice: { identities: [], apiBaseUrl: 'https://api.vapi.ai' },
    ...overrides,
  };
}
