import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/precompress.mjs';
import { standInWebBuild } from '../test/web-build';
import { pageFileFor, registerWebApp } from './web';

const buildDir = standInWebBuild('sign-in-abc123.js');

const app = Fastify();
await registerWebApp(app, buildDir);
await app.ready();

afterAll(() => app.close());

const pageOf = (html: string) => /data-page="([^"]+)"/.exec(html)?.[1];

describe('the page for each path', () => {
  it.each(['/sign-in', '/sign-in/', '/sign-in?from=somewhere'])(
    '%s is the sign-in page (its own entry)',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(pageOf(response.body)).toBe('sign-in');
    },
  );

  it.each([
    '/',
    '/admin',
    '/admin/dashboard',
    '/agent',
    '/agent/profile',
    '/setup',
    '/sign-in/x',
    '/sign-inx',
    '/no/such/page',
  ])('%s is the app, which routes on the client', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(pageOf(response.body)).toBe('app');
  });

  it('agrees with pageFileFor', () => {
    expect(pageFileFor('/sign-in')).toBe('sign-in.html');
    expect(pageFileFor('/admin/teams')).toBe('index.html');
  });

  it('answers HEAD for a page too', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/sign-in' });
    expect(response.statusCode).toBe(200);
  });
});

describe('each page carries a fresh style nonce, in the page and in its policy', () => {
  it.each(['/sign-in', '/admin/dashboard'])('%s', async (url) => {
    const first = await app.inject({ method: 'GET', url });
    const second = await app.inject({ method: 'GET', url });
    const nonceOf = (html: string) => /name="csp-nonce" content="([^"]+)"/.exec(html)?.[1];
    const nonce = nonceOf(first.body);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(second.body)).not.toBe(nonce);
    expect(first.body).not.toContain('__CSP_NONCE__');
    const csp = String(first.headers['content-security-policy']);
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(first.headers['cache-control']).toBe('no-cache');
  });
});

describe('files', () => {
  it('serves hashed assets for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/sign-in-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/index.html', '/sign-in.html'])(
    'never serves %s as a file (it would carry no nonce)',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.body).not.toContain('__CSP_NONCE__');
    },
  );

  it.each(['/assets/sign-in-old999.js', '/assets/no/such.css'])(
    'answers a missing asset %s with a 404, not the page',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(pageOf(response.body)).toBeUndefined();
    },
  );

  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('assets compressed at build time', () => {
  const compressedBuild = standInWebBuild('small-abc123.js');
  // As a real chunk: text well over the size worth compressing.
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i} }`).join(', ')}];\n`;
  writeFileSync(path.join(compressedBuild, 'assets', 'big-abc123.js'), script);
  const served = Fastify();
  beforeAll(async () => {
    await precompressDir(compressedBuild);
    // Were a page ever compressed too, its copy must not get past the nonce.
    writeFileSync(path.join(compressedBuild, 'index.html.br'), brotliCompressSync('raw page'));
    await registerWebApp(served, compressedBuild);
  });
  afterAll(() => served.close());

  const get = (url: string, acceptEncoding?: string) =>
    served.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it("sends brotli to a browser that takes it, with the asset's type and caching", async () => {
    const response = await get('/assets/big-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to one that takes only gzip', async () => {
    const response = await get('/assets/big-abc123.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends the file as it is to one that takes neither, or for a file too small to gain', async () => {
    const plain = await get('/assets/big-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const small = await get('/assets/small-abc123.js', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('export {};');
  });

  it('never serves a page as a file, compressed or not', async () => {
    const response = await get('/index.html', 'br, gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toMatch(/name="csp-nonce" content="[A-Za-z0-9+/]{22}=="/);
  });

  it('never serves a compressed copy under its own name', async () => {
    const response = await get('/assets/big-abc123.js.br', 'br');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.statusCode).toBe(404);
  });
});

describe('without a build', () => {
  it('says how to build, for every page', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'switchboard-web-empty-'));
    const bare = Fastify();
    try {
      await registerWebApp(bare, empty);
      for (const url of ['/sign-in', '/admin/dashboard']) {
        const response = await bare.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(503);
        expect(response.body).toContain('npm run build');
      }
    } finally {
      await bare.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
