import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  /** Without the query string: routes are matched on method and path alone. */
  path: string;
  /** The query string's parameters, e.g. `search`. */
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

type Responder = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function errorResponse(
  status: number,
  code: string,
  message: string,
  details: { field?: string } = {},
) {
  return jsonResponse({ error: { code, message, ...details } }, status);
}

/** Replaces fetch with a router of `'METHOD /path'` → response, recording each request. */
export function mockFetch(routes: Record<string, Responder | Responder[]>) {
  const requests: RecordedRequest[] = [];
  const calls = new Map<string, number>();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const path = url.pathname;
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = {
      method,
      path,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body,
    };
    requests.push(request);
    const key = `${method} ${path}`;
    const route = routes[key];
    if (!route) throw new Error(`Unexpected request: ${key}`);
    const count = calls.get(key) ?? 0;
    calls.set(key, count + 1);
    const responder = Array.isArray(route) ? route[Math.min(count, route.length - 1)] : route;
    if (!responder) throw new Error(`No response for ${key}`);
    return responder(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

export function networkFailure(): Promise<Response> {
  return Promise.reject(new TypeError('Failed to fetch'));
}
