import path from 'node:path';
import { z } from 'zod';

function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  RATE_LIMIT_WINDOW_MINUTES: positiveInt(15),
  RATE_LIMIT_SIGN_IN_FAILURES: positiveInt(10),
  RATE_LIMIT_RESET_ANSWER_FAILURES: positiveInt(5),
  RATE_LIMIT_FAILURES_PER_IP: positiveInt(100),
  RATE_LIMIT_AUTH_PER_IP: positiveInt(1000),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Absent: the embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** Absent: generated once and kept in the database, shared by every process using it. */
  sessionSecret: string | undefined;
  sessionIdleHours: number;
  callCentreTimeZone: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  rateLimits: {
    windowMinutes: number;
    signInFailuresPerUsername: number;
    resetAnswerFailuresPerUsername: number;
    /** Failed sign-ins (and, separately, wrong answers) per address: a call floor shares one. */
    failuresPerAddress: number;
    /** Every sign-in, reset and setup request per address: a flood guard, not a guess limit. */
    authRequestsPerAddress: number;
  };
}

export class ConfigError extends Error {}

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
      failuresPerAddress: e.RATE_LIMIT_FAILURES_PER_IP,
      authRequestsPerAddress: e.RATE_LIMIT_AUTH_PER_IP,
    },
  };
}

/** Defaults for tests: in-memory database, quiet logs, a fixed secret. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
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
      failuresPerAddress: 100,
      authRequestsPerAddress: 10_000,
    },
    ...overrides,
  };
}
