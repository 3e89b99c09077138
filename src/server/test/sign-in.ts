import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../app';
import { DEFAULT_PASSWORD } from './factories';
import { type TestApp, sessionCookieOf } from './test-app';

/**
 * The one way server tests sign in. `signInAs` is for tests that need someone signed in;
 * `postSignIn` and `postSignInOverHttp` are for tests about sign-in itself, which check its
 * answer.
 */

const SIGN_IN_PATH = '/api/auth/sign-in';

/** A test app, or an app a test built itself (a restart, a second process on one database). */
export type SignInTarget = Pick<TestApp, 'app'> | App;

export type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';

/** Someone signed in: their session cookie, and requests sent with it. */
export interface SignedIn {
  /** The session cookie, ready to send as a Cookie header. */
  cookie: string;
  /** `app.inject` as them: the session cookie joins the headers given. */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A request as them, with a JSON body if given. */
  as(
    method: Method,
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

function appOf(target: SignInTarget): App {
  return 'inject' in target ? target : target.app;
}

/**
 * The sign-in request itself, answer unchecked. `options` adds to the request, e.g. the
 * headers a proxy sets or the caller's address.
 */
export function postSignIn(
  target: SignInTarget,
  username: string,
  password: string = DEFAULT_PASSWORD,
  options: Omit<InjectOptions, 'method' | 'url' | 'payload' | 'body'> = {},
) {
  return appOf(target).inject({
    ...options,
    method: 'POST',
    url: SIGN_IN_PATH,
    payload: { username, password },
  });
}

/**
 * Signs `user` in (with the factories' password unless given) and sends requests as them.
 * Throws if sign-in is refused: a test that expects a refusal asks `postSignIn` instead.
 */
export async function signInAs(
  target: SignInTarget,
  user: { username: string } | string,
  password: string = DEFAULT_PASSWORD,
): Promise<SignedIn> {
  const app = appOf(target);
  const username = typeof user === 'string' ? user : user.username;
  const response = await postSignIn(app, username, password);
  if (response.statusCode !== 200) {
    throw new Error(`signing ${username} in answered ${response.statusCode}: ${response.body}`);
  }
  const cookie = sessionCookieOf(response);
  const inject = (options: InjectOptions) =>
    app.inject({ ...options, headers: { ...options.headers, cookie } });
  return {
    cookie,
    inject,
    as: (method, url, payload, headers) =>
      inject({ method, url, ...(payload ? { payload } : {}), ...(headers ? { headers } : {}) }),
  };
}

/** The sign-in request to a real server process at `origin` (e.g. http://127.0.0.1:3000). */
export function postSignInOverHttp(
  origin: string,
  username: string,
  password: string = DEFAULT_PASSWORD,
) {
  return fetch(`${origin}${SIGN_IN_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
}
