import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * A stand-in web build, as Vite writes one: the two pages (each with the nonce placeholder
 * and a `data-page` naming it) and one hashed asset. Removed after the test file. Call it at
 * a file's top level.
 */
export function standInWebBuild(asset: string) {
  const buildDir = mkdtempSync(path.join(tmpdir(), 'switchboard-web-'));
  const page = (name: string) =>
    `<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__" /></head>` +
    `<body data-page="${name}"></body></html>`;
  writeFileSync(path.join(buildDir, 'index.html'), page('app'));
  writeFileSync(path.join(buildDir, 'sign-in.html'), page('sign-in'));
  mkdirSync(path.join(buildDir, 'assets'));
  writeFileSync(path.join(buildDir, 'assets', asset), 'export {};');
  afterAll(() => rmSync(buildDir, { recursive: true, force: true }));
  return buildDir;
}
