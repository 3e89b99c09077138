import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { signIn, startAppOnData, type BenchApp } from '../app-on-data';
import type { Benchmark, BenchResult } from '../benchmark';
import { type DataSummary, generateBenchData } from '../data';
import type { ScratchDatabase } from '../database';
import { loadAverage } from '../machine';
import { openOwnDatabase } from '../sim/server';
import { summarize } from '../stats';
import { CHROMIUM, CHROMIUM_ARGS, buildWebApp, requireChromium } from '../web-build';

/**
 * The admin portal in the browser at the size of a real call centre: a centre of its own (20
 * teams of 100 agents, 30 days of history) on PostgreSQL, the real server serving a production
 * build, Debian's Chromium signed in as the super admin. The Employees page: navigation to its
 * first rows, in a fresh browser context each time; the last key of a search to the rows it
 * finds (typed a key every 60 ms, as a quick typist, each search a word not asked before, so
 * none is cached); the longest task while typing and until the rows show; the table rows in
 * the page.
 */

const CENTRE = { teams: 20, agentsPerTeam: 100, days: 30 } as const;
const WARMUP_LOADS = 1;
const MEASURED_LOADS = 5;
const SEARCHES = 16;
/** A quick typist's pace between keys (ms). */
const KEY_DELAY_MS = 60;
/** The page's footer before any search: 'Showing 2,000 of 2,000 employees'. */
const everyone = (agents: number) => {
  const total = agents.toLocaleString('en-US');
  return `Showing ${total} of ${total} employees`;
};

interface WebScaleState {
  database: ScratchDatabase;
  summary: DataSummary;
  app: BenchApp;
  baseUrl: string;
  cookie: string;
  browser: Browser;
  generationSeconds: number;
}

/**
 * Searches that fill a page: three letters that at least 50 usernames contain, spread over
 * the alphabet, each asked once.
 */
export function fullPageSearches(usernames: readonly string[], count: number) {
  const matches = new Map<string, number>();
  for (const username of usernames) {
    const seen = new Set<string>();
    for (let start = 0; start + 3 <= username.length; start++) {
      const part = username.slice(start, start + 3);
      if (/^[a-z]{3}$/.test(part) && !seen.has(part)) {
        seen.add(part);
        matches.set(part, (matches.get(part) ?? 0) + 1);
      }
    }
  }
  const candidates = [...matches]
    .filter(([, found]) => found >= 50)
    .map(([part]) => part)
    .sort();
  const step = Math.max(1, Math.floor(candidates.length / count));
  return candidates.filter((_, index) => index % step === 0).slice(0, count);
}

async function signedInContext(browser: Browser, baseUrl: string, cookie: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const separator = pair.indexOf('=');
      return { name: pair.slice(0, separator), value: pair.slice(separator + 1), url: baseUrl };
    }),
  );
  return context;
}

/** Navigation start → the first table row in the page, in the page's own clock. */
async function timeFirstRows(context: BrowserContext, url: string) {
  const page = await context.newPage();
  // Functions the browser runs declare no named inner functions: tsx would wrap those in a
  // helper the page does not have.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('tbody tr')) {
        (window as unknown as { firstRowsAt: number }).firstRowsAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { subtree: true, childList: true });
  });
  await page.goto(url, { waitUntil: 'commit' });
  const at = await page.waitForFunction(
    () => (window as unknown as { firstRowsAt?: number }).firstRowsAt,
    undefined,
    { timeout: 30_000 },
  );
  return (await at.jsonValue()) as number;
}

export const webScale: Benchmark<WebScaleState> = {
  name: 'web-scale',
  title: 'the admin portal in Chromium at 2,000 agents (Employees page)',
  scales: ['large'],

  async setup(context) {
    requireChromium();
    if (context.databaseKind !== 'postgres') {
      throw new Error('web-scale runs on PostgreSQL: set DATABASE_URL');
    }
    const { outDir } = await buildWebApp(context);
    const database = await openOwnDatabase(context, 'web-scale');
    try {
      context.log(
        `generating ${CENTRE.teams} teams × ${CENTRE.agentsPerTeam} agents × ${CENTRE.days} days…`,
      );
      const started = performance.now();
      let reported = -1;
      const summary = await generateBenchData(database.handle.db, CENTRE, (done, total) => {
        const percent = Math.floor((done / total) * 10) * 10;
        if (percent > reported) context.log(`  ${(reported = percent)}%`);
      });
      const generationSeconds = (performance.now() - started) / 1000;
      const { app, baseUrl } = await startAppOnData(
        context,
        {
          kind: database.kind,
          db: database.handle.db,
          listen: database.handle.listen,
          url: database.url,
          timeZone: 'America/New_York',
        },
        outDir,
      );
      const cookie = await signIn(baseUrl, summary.superAdmin, summary.password);
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      return { database, summary, app, baseUrl, cookie, browser, generationSeconds };
    } catch (error) {
      await database.dispose();
      throw error;
    }
  },

  async run(context, state) {
    const employeesUrl = `${state.baseUrl}/admin/employees`;
    const agents = state.summary.counts.agents;

    const firstRows: number[] = [];
    for (let load = 0; load < WARMUP_LOADS + MEASURED_LOADS; load++) {
      const fresh = await signedInContext(state.browser, state.baseUrl, state.cookie);
      try {
        const at = await timeFirstRows(fresh, employeesUrl);
        if (load >= WARMUP_LOADS) firstRows.push(at);
      } finally {
        await fresh.close();
      }
    }

    const words = fullPageSearches(
      state.summary.teams.flatMap((team) => team.agents),
      SEARCHES,
    );
    const browserContext = await signedInContext(state.browser, state.baseUrl, state.cookie);
    const updates: number[] = [];
    const longestTasks: number[] = [];
    let mostRows = 0;
    try {
      const page = await browserContext.newPage();
      await page.goto(employeesUrl);
      const unsearched = page.getByText(everyone(agents), { exact: true });
      await unsearched.waitFor();
      const box = page.getByRole('searchbox', { name: 'Search employees' });
      for (const word of words) {
        await box.fill('');
        await unsearched.waitFor();
        await page.waitForTimeout(300);
        await box.focus();
        // From the last key's keydown to the first change of the page that shows its rows:
        // every row's username holds the word and the footer counts the search.
        await page.evaluate(
          ({ word, everyone }) => {
            const marks = { lastKey: 0, rows: 0, longest: 0 };
            (window as unknown as { marks: typeof marks }).marks = marks;
            const box = document.activeElement as HTMLInputElement;
            box.addEventListener('keydown', () => {
              if (box.value.length === word.length - 1) marks.lastKey = performance.now();
            });
            const tasks = new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) {
                marks.longest = Math.max(marks.longest, entry.duration);
              }
            });
            tasks.observe({ type: 'longtask' });
            const observer = new MutationObserver(() => {
              if (!marks.lastKey || marks.rows) return;
              const footer = [...document.querySelectorAll('p')].find((p) =>
                p.textContent?.startsWith('Showing '),
              );
              const rows = [...document.querySelectorAll('tbody tr')];
              const found =
                footer?.textContent !== everyone &&
                rows.length > 0 &&
                rows.every((row) =>
                  row.querySelectorAll('td')[1]?.textContent?.toLowerCase().includes(word),
                );
              if (found) {
                marks.rows = performance.now();
                observer.disconnect();
                setTimeout(() => tasks.disconnect(), 100);
              }
            });
            observer.observe(document.body, {
              subtree: true,
              childList: true,
              characterData: true,
            });
          },
          { word, everyone: everyone(agents) },
        );
        await box.pressSequentially(word, { delay: KEY_DELAY_MS });
        const marks = (await (
          await page.waitForFunction(
            () => {
              const { marks } = window as unknown as {
                marks: { lastKey: number; rows: number; longest: number };
              };
              return marks.rows ? marks : undefined;
            },
            undefined,
            { timeout: 30_000 },
          )
        ).jsonValue()) as { lastKey: number; rows: number; longest: number };
        await page.waitForTimeout(150);
        const late = (await page.evaluate(
          () => (window as unknown as { marks: { longest: number } }).marks.longest,
        )) as number;
        updates.push(marks.rows - marks.lastKey);
        longestTasks.push(late);
        mostRows = Math.max(mostRows, await page.locator('tr').count());
      }
    } finally {
      await browserContext.close();
    }

    const machine = `load average ${loadAverage().join(' ')}`;
    const results: BenchResult[] = [
      {
        kind: 'latency',
        name: 'Employees: navigation → first rows',
        stats: summarize(firstRows),
        samples: firstRows.map(Math.round),
        target: { atMost: 1000, stat: 'p50' },
        note: `a fresh browser context each load (nothing cached), signed in by cookie; ${machine}`,
      },
      {
        kind: 'latency',
        name: 'Employees: last search key → rows updated',
        stats: summarize(updates),
        samples: updates.map(Math.round),
        target: { atMost: 300, stat: 'p50' },
        note: `debounce included; ${words.length} searches that fill a page (${words.join(', ')})`,
      },
      {
        kind: 'value',
        name: 'Employees: longest task while typing',
        value: Math.round(Math.max(...longestTasks)),
        unit: 'ms',
        target: { atMost: 200 },
      },
      {
        kind: 'value',
        name: 'Employees: table rows in the page',
        value: mostRows,
        unit: 'rows',
        target: { atMost: 200 },
      },
      {
        kind: 'value',
        name: 'centre generated',
        value: Math.round(state.generationSeconds),
        unit: 's',
        note: `${agents} agents, ${state.summary.counts.calls.toLocaleString('en-US')} calls`,
      },
    ];
    context.log(`done (${machine})`);
    return results;
  },

  async teardown(_context, state) {
    await state.browser.close();
    await state.app.close();
    await state.database.dispose();
  },
};
