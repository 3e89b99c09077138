import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Browser } from 'playwright-core';
import type { BenchContext } from './benchmark';
import { startProcess } from './process';

/** Debian's Chromium: Playwright never downloads a browser here. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** As playwright.config.ts: Debian's Chromium, as root, on a closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function requireChromium() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium) or set ` +
        'CHROMIUM_PATH. Playwright never downloads a browser here.',
    );
  }
}

/**
 * A production build of the web app (with Vite's manifest) into a temp directory, leaving
 * dist/web and anyone's running server alone: the directory, and how long it took in seconds.
 */
export async function buildWebApp(context: BenchContext) {
  const outDir = context.tempDir('build');
  context.log('vite build (production, with manifest)…');
  const started = performance.now();
  const build = startProcess(
    process.execPath,
    [
      path.join(context.root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--manifest',
      '--logLevel',
      'warn',
    ],
    { cwd: context.root, env: process.env, logFile: path.join(outDir, '..', 'vite-build.log') },
  );
  if ((await build.exited) !== 0) throw new Error(`vite build failed:\n${build.logTail()}`);
  return { outDir, buildSeconds: (performance.now() - started) / 1000 };
}

/** A fresh browser context (nothing cached) carrying the session `cookie` ('a=b; c=d'). */
export async function signedInContext(browser: Browser, baseUrl: string, cookie: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const separator = pair.indexOf('=');
      return { name: pair.slice(0, separator), value: pair.slice(separator + 1), url: baseUrl };
    }),
  );
  return context;
}
