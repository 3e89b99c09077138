import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors';
import { contentSecurityPolicy, type PolicySources } from './security';

/** The folder holding package.json, above this module in src/server or in dist/server's bundle. */
export function projectRoot(from = import.meta.dirname): string {
  if (existsSync(path.join(from, 'package.json'))) return from;
  const parent = path.dirname(from);
  if (parent === from) throw new Error(`no package.json above ${import.meta.dirname}`);
  return projectRoot(parent);
}

/** The checkout's dist/web, where npm run build puts the web app. */
export const defaultWebBuildDir = () => path.join(projectRoot(), 'dist/web');
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * The web build has two pages: the sign-in page, a small entry of its own with
 * no router and no React Query, and the app (both portals and the first-run page), which
 * routes on the client. Each path gets the page that shows it.
 */
const APP_PAGE = 'index.html';
const SIGN_IN_PAGE = 'sign-in.html';
const SIGN_IN_PATHS = new Set(['/sign-in', '/sign-in/']);

export function pageFileFor(pathname: string) {
  return SIGN_IN_PATHS.has(pathname) ? SIGN_IN_PAGE : APP_PAGE;
}

/**
 * Serves the built web app: hashed assets with long caching, compressed at build time, and
 * for every other page path the sign-in page or the app's page (see pageFileFor), with a fresh
 * style nonce in page and policy. Unknown /api paths get a JSON 404 instead.
 */
export async function registerWebApp(
  app: FastifyInstance,
  buildDir = defaultWebBuildDir(),
  voice?: PolicySources['voice'],
) {
  const readPage = (file: string) => {
    const pageFile = path.join(buildDir, file);
    return existsSync(pageFile) ? readFileSync(pageFile, 'utf8') : undefined;
  };
  const pages = new Map([APP_PAGE, SIGN_IN_PAGE].map((file) => [file, readPage(file)]));
  const isBuilt = [...pages.values()].every((html) => html !== undefined);

  if (isBuilt) {
    await app.register(fastifyStatic, {
      root: buildDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset (scripts/precompress.mjs): a
      // request gets brotli if it accepts it, else gzip, else the file, never compressed on
      // the fly. The copies are not routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      // The pages are served only with their nonce filled in, never as files.
      allowedPath: (pathName) => !pages.has(pathName.replace(/^\//, '')),
      setHeaders(res, filePath) {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        void res.header(
          'cache-control',
          isHashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  function sendPage(reply: FastifyReply, pathname: string) {
    const html = isBuilt ? pages.get(pageFileFor(pathname)) : undefined;
    if (html === undefined) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    const nonce = randomBytes(16).toString('base64');
    return reply
      .header(
        'content-security-policy',
        contentSecurityPolicy({ style: `'nonce-${nonce}'`, voice }),
      )
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html.replaceAll(NONCE_PLACEHOLDER, nonce));
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // A missing asset (a chunk of an older build, after a deploy) is a 404, never the app's
    // page: a script that gets HTML fails to load, where the page would show a blank screen.
    if (pathname.startsWith('/assets/')) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api';
    if (isPage) return sendPage(reply, pathname);
    return reply
      .status(404)
      .send(errorBody('NOT_FOUND', `No such endpoint: ${request.method} ${pathname}`));
  });
}
