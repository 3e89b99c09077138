import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors';
import { contentSecurityPolicy, type PolicySources } from './security';

export const WEB_BUILD_DIR = path.resolve(import.meta.dirname, '../../../dist/web');
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * Serves the built web app: hashed assets with long caching, and index.html for every other
 * page path (the app routes on the client), with a fresh style nonce in page and policy.
 * Unknown /api paths get a JSON 404 instead.
 */
export async function registerWebApp(
  app: FastifyInstance,
  buildDir = WEB_BUILD_DIR,
  voice?: PolicySources['voice'],
) {
  const indexFile = path.join(buildDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: buildDir,
      wildcard: false,
      index: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders(res, filePath) {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        void res.header(
          'cache-control',
          isHashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  function sendPage(reply: FastifyReply) {
    if (!indexHtml) {
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
      .send(indexHtml.replaceAll(NONCE_PLACEHOLDER, nonce));
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api';
    if (isPage) return sendPage(reply);
    return reply
      .status(404)
      .send(errorBody('NOT_FOUND', `No such endpoint: ${request.method} ${pathname}`));
  });
}
