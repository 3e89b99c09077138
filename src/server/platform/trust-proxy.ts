import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which `X-Forwarded-*` values the server believes: none, those added by the last `hops`
 * proxies in front, or those added by proxies at these addresses/CIDRs. `X-Forwarded-For` lists
 * the client's own claims first and each proxy appends the address it saw, so only entries
 * written by trusted proxies, read from the right, name the real client.
 */
export type TrustProxy = false | number | string[];

/** The names proxy-addr (Fastify's) knows for the reserved ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string) {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const REFUSED_TRUE =
  '`true` would believe the X-Forwarded-For a client writes itself: set the number of proxies ' +
  'in front (1 behind one reverse proxy) or their addresses (e.g. 127.0.0.1 or 10.0.0.0/8)';
const UNKNOWN =
  'must be false, a number of proxies in front, or proxy addresses/CIDRs separated by commas ' +
  '(e.g. 127.0.0.1,10.0.0.0/8)';

/** TRUST_PROXY as written in the environment. */
export const trustProxyVariable = z
  .string()
  .default('false')
  .transform((written, ctx): TrustProxy => {
    const value = written.trim().toLowerCase();
    if (value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (value !== 'true' && entries.every(isProxyAddress)) return entries;
    ctx.addIssue({ code: 'custom', message: value === 'true' ? REFUSED_TRUE : UNKNOWN });
    return z.NEVER;
  });

/**
 * The setting as Fastify's `trustProxy` option. Fastify refuses to count hops itself (a count
 * cannot tell the proxy from a client connecting directly), so a count is a trust function:
 * it holds only where clients reach the server through the proxies alone.
 */
export function fastifyTrustProxy(setting: TrustProxy) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}
