import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeIssue } from '../../shared/schemas/errors';
import { AppError } from './errors';

/** The methods that change state: origin-checked, JSON-only, and counted by the write limit. */
export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set([
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
]);

/**
 * The one <style> the bundled Swagger UI (`/api/docs`) injects, allowed by its hash rather than
 * by 'unsafe-inline'. A Swagger UI upgrade that changes it shows as a CSP error on that page
 * (the e2e suite checks).
 */
const SWAGGER_UI_STYLE_HASH = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/**
 * What the Vapi web client reaches from the page when a vapi identity is configured: the
 * provider's API, Daily's call-machine script (c.daily.co) and Daily's HTTPS and WebSocket
 * servers. The media itself goes over WebRTC, which the policy does not govern.
 */
export function voiceProviderSources(apiBaseUrl: string) {
  return {
    script: ['https://c.daily.co'],
    connect: [new URL(apiBaseUrl).origin, 'https://*.daily.co', 'wss://*.daily.co'],
  };
}

export interface PolicySources {
  style?: string;
  /** Present when the voice-AI provider runs in the page (see voiceProviderSources). */
  voice?: ReturnType<typeof voiceProviderSources>;
}

/** The policy for every response; pages add a nonce or a hash for known style tags. */
export function contentSecurityPolicy({ style, voice }: PolicySources = {}) {
  const sources = (...extra: (string | undefined)[]) =>
    ["'self'", ...extra.filter(Boolean)].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${sources(...(voice?.script ?? []))}`,
    `style-src ${sources(style)}`,
    `img-src 'self' data: blob:`,
    `font-src 'self' data:`,
    `connect-src ${sources(...(voice?.connect ?? []))}`,
    `media-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply) {
  if (!reply.hasHeader('content-security-policy')) {
    const isApiDocs = request.url.startsWith('/api/docs');
    void reply.header(
      'content-security-policy',
      contentSecurityPolicy(isApiDocs ? { style: SWAGGER_UI_STYLE_HASH } : {}),
    );
  }
  void reply.header('x-request-id', request.id);
  void reply.header('x-content-type-options', 'nosniff');
  void reply.header('referrer-policy', 'same-origin');
  void reply.header('x-frame-options', 'DENY');
  void reply.header('cross-origin-opener-policy', 'same-origin');
  void reply.header('permissions-policy', 'camera=(), geolocation=(), microphone=(self)');
  if (request.protocol === 'https') {
    void reply.header('strict-transport-security', 'max-age=31536000');
  }
}

/** Host of the Origin header, or undefined when it is absent or unparsable ('null'). */
function originHost(origin: string) {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/** True when a browser says the request comes from another site's page. */
export function isCrossSite(request: FastifyRequest) {
  const origin = request.headers.origin;
  return (
    (origin !== undefined && originHost(origin) !== request.host) ||
    request.headers['sec-fetch-site'] === 'cross-site'
  );
}

/**
 * A state-changing request must come from our own pages: a browser always sends Origin on
 * such requests, so a foreign or opaque one is refused (cross-site form posts, CSRF).
 * Clients that are not browsers send none and are let through to the session check.
 * Bodies must be JSON, which a cross-site form cannot send without a CORS preflight.
 */
export function assertSameOriginJson(request: FastifyRequest) {
  if (!STATE_CHANGING_METHODS.has(request.method)) return;
  if (isCrossSite(request)) throw new AppError('CROSS_ORIGIN');

  const hasBody =
    request.headers['transfer-encoding'] !== undefined ||
    Number(request.headers['content-length'] ?? 0) > 0;
  const contentType = request.headers['content-type'];
  if (hasBody && !/^application\/json\s*(;|$)/i.test(contentType ?? '')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why PostgreSQL could not store `text`, if it could not. */
function unstorable(text: string) {
  if (text.includes('\u0000')) return 'must not contain the NUL character';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text';
  return undefined;
}

/**
 * The first string in `value` (a parsed body, query or params) that PostgreSQL's text cannot
 * hold — a NUL character or an unpaired surrogate — as its path and the problem. Walked with a
 * stack of its own and parent links (no path copies), so a deeply nested body costs time in
 * proportion to its size and cannot exhaust the call stack.
 */
export function findUnstorableText(
  value: unknown,
): { path: PropertyKey[]; problem: string } | undefined {
  interface Step {
    value: unknown;
    key?: PropertyKey;
    parent?: Step;
  }
  const pending: Step[] = [{ value }];
  for (let step = pending.pop(); step; step = pending.pop()) {
    if (typeof step.value === 'string') {
      const problem = unstorable(step.value);
      if (!problem) continue;
      const path: PropertyKey[] = [];
      for (let at: Step | undefined = step; at?.parent; at = at.parent) path.push(at.key!);
      return { path: path.reverse(), problem };
    }
    if (step.value === null || typeof step.value !== 'object') continue;
    const isArray = Array.isArray(step.value);
    for (const [key, child] of Object.entries(step.value)) {
      pending.push({ value: child, key: isArray ? Number(key) : key, parent: step });
    }
  }
  return undefined;
}

/** Text PostgreSQL cannot store is refused before validation, naming the field. */
async function refuseUnstorableText(request: FastifyRequest) {
  const parts = { params: request.params, querystring: request.query, body: request.body };
  for (const [where, value] of Object.entries(parts)) {
    const found = findUnstorableText(value);
    if (!found) continue;
    const named = found.path.map(String).join('') !== '';
    const issue = describeIssue(
      where === 'body' && named ? found.path : [where, ...found.path],
      found.problem,
    );
    throw new AppError('VALIDATION_FAILED', { message: issue.message, field: issue.field });
  }
}

export function registerSecurity(app: FastifyInstance) {
  app.addHook('preValidation', refuseUnstorableText);
  // Every state-changing request, whatever its path: the raw URL may be percent-encoded
  // ('/%61pi/…') while the router decodes it, so a prefix test on the URL is not enough.
  app.addHook('onRequest', async (request) => assertSameOriginJson(request));
  app.addHook('onSend', async (request, reply, payload) => {
    setSecurityHeaders(request, reply);
    return payload;
  });
}
