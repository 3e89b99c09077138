import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lighthouse, { desktopConfig } from 'lighthouse';
import type { BenchContext } from './benchmark';
import { startProcess } from './process';
import { CHROMIUM, CHROMIUM_ARGS } from './web-build';

/**
 * web-scale's Lighthouse step: Lighthouse (its desktop preset: simulated throttling of a fast
 * connection, no CPU slowdown) drives Debian's Chromium, started here with its DevTools port
 * open, so nothing is ever downloaded. A signed-in page gets the session through the request
 * headers (`extraHeaders`), as Lighthouse's own docs sign in.
 */

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  totalBlockingTimeMs: number;
  largestContentfulPaintMs: number;
  /** Accessibility audits that failed, by id. */
  failedAccessibility: string[];
}

/** The flags chrome-launcher gives a browser Lighthouse drives: no background work to measure. */
const LIGHTHOUSE_FLAGS = [
  '--disable-extensions',
  '--disable-default-apps',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-ipc-flooding-protection',
  '--disable-hang-monitor',
  '--mute-audio',
  '--password-store=basic',
];

/** Chromium with its DevTools port open for Lighthouse; `close` stops it. */
export async function startLighthouseBrowser(context: BenchContext) {
  const port = await context.freePort();
  const dir = context.tempDir('lighthouse-chromium');
  const browser = startProcess(
    CHROMIUM,
    [
      ...CHROMIUM_ARGS,
      ...LIGHTHOUSE_FLAGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${path.join(dir, 'profile')}`,
      'about:blank',
    ],
    { cwd: dir, env: process.env, logFile: path.join(dir, 'chromium.log') },
  );
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (attempt === 100) {
      await browser.stop();
      throw new Error(`Chromium's DevTools port did not open:\n${browser.logTail()}`);
    }
    await sleep(100);
  }
  return { port, close: () => browser.stop() };
}

/**
 * Lighthouse's own advice for a failed recording (NO_NAVSTART, NO_FCP: a trace that missed the
 * load on a busy machine) is to run it again: a run is tried this many times before the error
 * stands.
 */
const ATTEMPTS = 3;

/** One Lighthouse run of `url` (performance and accessibility only). */
export async function runLighthouse(
  port: number,
  url: string,
  cookie: string | undefined,
): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(port, url, cookie);
    } catch (error) {
      if (attempt === ATTEMPTS) throw error;
    }
  }
}

async function runLighthouseOnce(
  port: number,
  url: string,
  cookie: string | undefined,
): Promise<LighthouseRun> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(cookie && { extraHeaders: { Cookie: cookie } }),
    },
    desktopConfig,
  );
  const report = result?.lhr;
  if (!report) throw new Error(`Lighthouse gave no report for ${url}`);
  if (report.runtimeError) {
    throw new Error(
      `Lighthouse on ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`,
    );
  }
  const score = (category: string) => Math.round((report.categories[category]?.score ?? 0) * 100);
  const accessibilityAudits = report.categories.accessibility?.auditRefs ?? [];
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    totalBlockingTimeMs: report.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    largestContentfulPaintMs: report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    failedAccessibility: accessibilityAudits
      .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score === 0)
      .map((ref) => ref.id),
  };
}
