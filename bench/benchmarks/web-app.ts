import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import type { Benchmark, BenchContext, BenchResult } from '../benchmark';
import { type BenchProcess, startProcess, waitForHealthy } from '../process';
import { CHROMIUM, CHROMIUM_ARGS, buildWebApp, requireChromium } from '../web-build';
import { summarize } from '../stats';
import type { WebServerAccounts } from '../web-server';

/**
 * The production build's JavaScript per page, gzipped (zlib's default level, as Vite's own build
 * report): the JavaScript a browser must download to show the sign-in page, the agent dashboard and
 * the admin portal. Measured by recording what Chromium actually fetches for each (a fresh browser
 * context, so nothing is cached, until the network is idle), and checked against the Vite manifest:
 * the page's entry and its static imports, plus each lazy route chunk Chromium loaded and that
 * chunk's static imports (what Vite modulepreloads with it). A difference between the two is
 * reported in the note. The build has two entries: sign-in.html (the sign-in page, which the server
 * serves at /sign-in) and index.html (the app: both portals and the first-run page). The Vapi chunk
 * is reported apart (loaded only when a vapi identity answers a call) and never counted in a page.
 * Then the time from navigation to an interactive sign-in form, over 10 loads.
 *
 * The build goes to a temp directory and a server of its own serves it (bench/web-server.ts), so
 * dist/web and anyone's running server are left alone.
 */

const WARMUP_LOADS = 2;
const MEASURED_LOADS = 10;

interface WebState {
  outDir: string;
  buildSeconds: number;
  server: BenchProcess;
  baseUrl: string;
  accounts: WebServerAccounts;
}

/** What `vite build --manifest` writes to .vite/manifest.json (the parts read here). */
export type ViteManifest = Record<
  string,
  {
    file: string;
    name?: string;
    src?: string;
    isEntry?: boolean;
    isDynamicEntry?: boolean;
    imports?: string[];
    dynamicImports?: string[];
  }
>;

/** The files a chunk needs before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: ViteManifest, key: string, into = new Set<string>()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

const KB = 1000;

export const webApp: Benchmark<WebState> = {
  name: 'web-app',
  title: 'web app: gzipped JS per page, and navigation → interactive sign-in form',
  scales: ['small', 'medium', 'large'],

  async setup(context) {
    requireChromium();
    const { outDir, buildSeconds } = await buildWebApp(context);

    const port = await context.freePort();
    const dataDir = context.tempDir('data');
    const accountsFile = path.join(dataDir, 'accounts.json');
    context.log(`starting the server on :${port} with a tiny demo call centre…`);
    const server = startProcess(process.execPath, ['--import', 'tsx', 'bench/web-server.ts'], {
      cwd: context.root,
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        BENCH_WEB_BUILD_DIR: outDir,
        BENCH_ACCOUNTS_FILE: accountsFile,
      },
      logFile: path.join(dataDir, 'server.log'),
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    try {
      await waitForHealthy(`${baseUrl}/api/health`, server, { timeoutMs: 120_000 });
    } catch (error) {
      await server.stop();
      throw error;
    }
    const accounts = JSON.parse(readFileSync(accountsFile, 'utf8')) as WebServerAccounts;
    return { outDir, buildSeconds, server, baseUrl, accounts };
  },

  async run(context, state) {
    const manifest = JSON.parse(
      readFileSync(path.join(state.outDir, '.vite/manifest.json'), 'utf8'),
    ) as ViteManifest;
    // The two pages of the build, as vite.config.ts names them (keys of the manifest).
    const appEntryKey = 'index.html';
    const signInEntryKey = 'sign-in.html';
    for (const key of [appEntryKey, signInEntryKey]) {
      if (!manifest[key]?.isEntry) throw new Error(`the Vite manifest has no entry ${key}`);
    }
    const appEntryFiles = staticClosure(manifest, appEntryKey);
    const signInEntryFiles = staticClosure(manifest, signInEntryKey);
    const entryFiles = new Set([...appEntryFiles, ...signInEntryFiles]);
    const vapiChunk = Object.values(manifest).find((chunk) => chunk.name === 'vapi');
    const lazyFiles = new Set(
      Object.values(manifest)
        .map((chunk) => chunk.file)
        .filter((file) => file.endsWith('.js') && !entryFiles.has(file)),
    );
    /** Each lazily imported module's chunk (a route's shell or page), by file. */
    const dynamicEntries = new Map(
      Object.entries(manifest)
        .filter(([, chunk]) => chunk.isDynamicEntry)
        .map(([key, chunk]) => [chunk.file, key]),
    );

    const gzipped = new Map<string, number>();
    const gzipSize = (file: string) => {
      let size = gzipped.get(file);
      if (size === undefined) {
        size = gzipSync(readFileSync(path.join(state.outDir, file))).length;
        gzipped.set(file, size);
      }
      return size;
    };
    const gzipTotal = (files: Iterable<string>) =>
      [...files].reduce((total, file) => total + gzipSize(file), 0) / KB;
    const kB = (file: string) => `${path.basename(file)} ${(gzipSize(file) / KB).toFixed(1)} kB`;

    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      context.log(`${WARMUP_LOADS} warm-up + ${MEASURED_LOADS} loads of /sign-in…`);
      const loads = await timeSignInLoads(browser, state.baseUrl);
      const pages = [
        {
          label: 'sign-in',
          path: '/sign-in',
          account: undefined,
          entry: signInEntryKey,
          targetKb: 120,
        },
        {
          label: 'agent dashboard',
          path: '/agent',
          account: state.accounts.agent,
          entry: appEntryKey,
          targetKb: 255,
        },
        {
          label: 'admin portal',
          path: '/admin',
          account: state.accounts.admin,
          entry: appEntryKey,
          targetKb: 300,
        },
      ];
      const results: BenchResult[] = [];
      for (const page of pages) {
        const scripts = await scriptsLoadedBy(browser, state, page.path, page.account);
        const fetched = scripts.map((script) => script.file);
        // The Vapi SDK is never part of a page: it is loaded when a vapi identity answers.
        const counted = scripts.filter((script) => script.file !== vapiChunk?.file);
        const loaded = counted.map((script) => script.file);
        const routeChunks = loaded.filter((file) => dynamicEntries.has(file));
        // What the manifest says the page needs: its entry's static imports, and each route
        // chunk the router loaded with its own static imports (Vite modulepreloads them).
        const expected = staticClosure(manifest, page.entry);
        for (const file of routeChunks)
          staticClosure(manifest, dynamicEntries.get(file)!, expected);
        const isBuilt = (file: string) => entryFiles.has(file) || lazyFiles.has(file);
        const unexpected = loaded.filter((file) => isBuilt(file) && !expected.has(file));
        const notFetched = [...expected].filter((file) => !loaded.includes(file));
        const outsideBuild = loaded.filter((file) => !isBuilt(file));
        const parts = [
          `${page.entry} entry; ${loaded.length} files fetched by Chromium`,
          routeChunks.length
            ? `route chunks ${routeChunks.map((file) => path.basename(file)).join(', ')}`
            : 'no route chunk',
          notFetched.length || unexpected.length
            ? `differs from the manifest: not fetched ${notFetched.join(', ') || 'none'}; ` +
              `fetched beyond it ${unexpected.join(', ') || 'none'}`
            : "the manifest agrees (entry's static imports + the route chunks' static imports)",
        ];
        if (fetched.length !== loaded.length) parts.push('the Vapi chunk was fetched: not counted');
        if (outsideBuild.length) {
          parts.push(`also ${outsideBuild.map(kB).join(', ')} (from public/, not in the manifest)`);
        }
        const largest = [...loaded].sort((a, b) => gzipSize(b) - gzipSize(a)).slice(0, 6);
        parts.push(`largest: ${largest.map(kB).join(', ')}`);
        results.push({
          kind: 'value',
          name: `JS gzip: ${page.label}`,
          value: round1(gzipTotal(loaded)),
          unit: 'kB',
          target: { atMost: page.targetKb },
          note: parts.join('; '),
        });
        const encodings = [...new Set(counted.map((transfer) => transfer.encoding))].sort();
        results.push({
          kind: 'value',
          name: `JS over the wire: ${page.label}`,
          value: round1(counted.reduce((sum, transfer) => sum + transfer.sent, 0) / KB),
          unit: 'kB',
          note:
            `the same files' bodies as Chromium received them from the server (precompressed at ` +
            `build time, scripts/precompress.mjs): encodings ${encodings.join(', ')}`,
        });
      }
      for (const [name, files] of [
        ['JS gzip: entry (index.html + static imports)', appEntryFiles],
        ['JS gzip: sign-in entry (sign-in.html + static imports)', signInEntryFiles],
      ] as const) {
        results.push({
          kind: 'value',
          name,
          value: round1(gzipTotal(files)),
          unit: 'kB',
          note: [...files]
            .sort((a, b) => gzipSize(b) - gzipSize(a))
            .map(kB)
            .join(', '),
        });
      }
      if (vapiChunk) {
        results.push({
          kind: 'value',
          name: 'JS gzip: Vapi chunk (lazy)',
          value: round1(gzipTotal([vapiChunk.file])),
          unit: 'kB',
          note: `${vapiChunk.file}; ${(readFileSync(path.join(state.outDir, vapiChunk.file)).length / KB).toFixed(0)} kB before gzip`,
        });
      }
      results.push(
        {
          kind: 'value',
          name: 'JS gzip: every chunk of the build',
          value: round1(gzipTotal(new Set([...entryFiles, ...lazyFiles]))),
          unit: 'kB',
        },
        {
          kind: 'latency',
          name: 'navigation → interactive sign-in form',
          stats: summarize(loads.wallClock),
          samples: loads.wallClock.map(Math.round),
          note:
            `from page.goto() in a fresh context to the Username field enabled and focused and ` +
            `Sign In enabled (checked every frame); in the page's own clock (navigation start → ` +
            `same moment) median ${summarize(loads.inPage).p50.toFixed(0)} ms`,
        },
        { kind: 'value', name: 'vite build', value: round1(state.buildSeconds), unit: 's' },
      );
      return results;
    } finally {
      await browser.close();
    }
  },

  async teardown(_context: BenchContext, state) {
    await state.server.stop();
  },
};

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Loads /sign-in in a fresh context (empty cache and cookies) each time; times from just
 * before page.goto() to the first frame where the form can be used.
 */
async function timeSignInLoads(browser: Browser, baseUrl: string) {
  const wallClock: number[] = [];
  const inPage: number[] = [];
  for (let load = 0; load < WARMUP_LOADS + MEASURED_LOADS; load++) {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${baseUrl}/sign-in`, { waitUntil: 'commit' });
      const interactive = await page.waitForFunction(signInFormIsInteractive, undefined, {
        polling: 'raf',
        timeout: 30_000,
      });
      const elapsed = performance.now() - started;
      if (load >= WARMUP_LOADS) {
        wallClock.push(elapsed);
        inPage.push((await interactive.jsonValue()) as number);
      }
    } finally {
      await context.close();
    }
  }
  return { wallClock, inPage };
}

/** Runs in the page: false until the form is usable, then the page's clock (ms since navigation). */
function signInFormIsInteractive(): number | false {
  const form = document.querySelector('form[aria-label="Sign in"]');
  if (!form) return false;
  const label = [...form.querySelectorAll('label')].find((element) =>
    element.textContent?.trim().startsWith('Username'),
  );
  const input = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
  const button = [...form.querySelectorAll('button[type="submit"]')].find(
    (element) => element.textContent?.trim() === 'Sign In',
  );
  if (!(input instanceof HTMLInputElement) || input.disabled) return false;
  if (!(button instanceof HTMLButtonElement) || button.disabled) return false;
  input.focus();
  if (document.activeElement !== input) return false;
  return performance.now();
}

/**
 * The script files (paths relative to the build) Chromium fetches for `pagePath` in a fresh
 * context, signed in as `username` first when given, once the network is idle: each with the
 * bytes that came over the network and their encoding, sorted by file.
 */
async function scriptsLoadedBy(
  browser: Browser,
  state: WebState,
  pagePath: string,
  username: string | undefined,
) {
  const context = await browser.newContext({ baseURL: state.baseUrl });
  try {
    if (username) {
      const signIn = await context.request.post('/api/auth/sign-in', {
        data: { username, password: state.accounts.password },
      });
      if (!signIn.ok()) throw new Error(`sign-in as ${username}: HTTP ${signIn.status()}`);
    }
    const page = await context.newPage();
    /** Each script file's first response: the bytes of its body sent, and their encoding. */
    const scripts = new Map<string, Promise<{ file: string; sent: number; encoding: string }>>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      const file = url.pathname.slice(1);
      if (url.origin !== state.baseUrl || !file.endsWith('.js') || scripts.has(file)) return;
      const script = Promise.all([response.request().sizes(), response.allHeaders()]).then(
        ([sizes, headers]) => ({
          file,
          sent: Math.max(0, sizes.responseBodySize),
          encoding: headers['content-encoding'] ?? 'identity',
        }),
      );
      scripts.set(file, script);
    });
    await page.goto(pagePath, { waitUntil: 'networkidle' });
    const landed = new URL(page.url()).pathname;
    if (!landed.startsWith(pagePath)) {
      throw new Error(`${pagePath} ended at ${landed}: the page did not load as expected`);
    }
    const loaded = await Promise.all(scripts.values());
    return loaded.sort((a, b) => a.file.localeCompare(b.file));
  } finally {
    await context.close();
  }
}
