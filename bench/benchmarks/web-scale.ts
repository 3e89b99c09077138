import { type Browser, type Page, chromium } from 'playwright-core';
import { signIn, startAppOnData, type BenchApp } from '../app-on-data';
import type { Benchmark, BenchContext, BenchResult } from '../benchmark';
import { type DataSummary, generateBenchData } from '../data';
import type { ScratchDatabase } from '../database';
import { type LighthouseRun, runLighthouse, startLighthouseBrowser } from '../lighthouse';
import { loadAverage } from '../machine';
import { loadEnvironment, newSessionSecret, openOwnDatabase } from '../sim/server';
import { type SimUser, createSupervisors, signInExisting } from '../sim/staff';
import { summarize } from '../stats';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  buildWebApp,
  requireChromium,
  signedInContext,
} from '../web-build';
import {
  EMPLOYEE_CARD,
  timeCardsAfterClick,
  timeFirstElement,
  timeResortByTotalCalls,
} from '../web-scale-cards';
import { readFloor, runFloor } from '../web-scale-floor';

/**
 * The portal in the browser at the size of a real call centre: a centre of its own (20 teams of
 * 100 agents, 30 days of history) on PostgreSQL, the real server serving a production build,
 * Debian's Chromium signed in by cookie. Each timing is in the page's own clock.
 *
 * - Employees: navigation to its first rows, in a fresh browser context each time; the last key
 *   of a search to the rows it finds (a key every 60 ms, as a quick typist, each search a word
 *   not asked before, so none is cached); the longest task while typing; the table rows.
 * - Analytics employee cards, of a team (the super admin) and of all 2,000 (a team-less admin,
 *   whose scope is every agent): navigation to the first cards in a fresh context, the same
 *   from a click within the app (a team's card; the menu's Analytics), and, on the loaded page
 *   (cards and trend charts), 'Sort by' Total calls to the cards in that order.
 * - Live floor (web-scale-floor.ts): half the agents signed in, their status changing through
 *   the real server; each change to a row on screen until it shows, and the page's main thread.
 * - Lighthouse (lighthouse.ts): the sign-in page, the admin dashboard and the agent's.
 */

const CENTRE = { teams: 20, agentsPerTeam: 100, days: 30 } as const;
const WARMUP_LOADS = 1;
const MEASURED_LOADS = 5;
const SEARCHES = 16;
/** A quick typist's pace between keys (ms). */
const KEY_DELAY_MS = 60;
const FLOOR = { signedInShare: 0.5, perSecond: 10, seconds: 30 } as const;
const LIGHTHOUSE_RUNS = 5;
const TARGETS = {
  firstContentMs: 1000,
  resortMs: 300,
  floorToScreenMs: 500,
  floorBusyPercent: 10,
  lighthousePerformance: 90,
  lighthouseAccessibility: 100,
} as const;
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
  /** The super admin's session cookie. */
  cookie: string;
  /** A team-less admin: every agent is in their scope. */
  supervisor: SimUser;
  sessionSecret: string;
  teams: { id: string; name: string }[];
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

const loadNote = () => `load average ${loadAverage().join(' ')}`;

async function measureEmployees(state: WebScaleState): Promise<BenchResult[]> {
  const employeesUrl = `${state.baseUrl}/admin/employees`;
  const agents = state.summary.counts.agents;

  const firstRows = await timeColdLoads(state, state.cookie, () => employeesUrl, 'tbody tr');

  const words = fullPageSearches(
    state.summary.teams.flatMap((team) => team.agents),
    SEARCHES,
  );
  const browserContext = await signedInContext(state.browser, state.baseUrl, state.cookie);
  const updates: number[] = [];
  const longestTasks: number[] = [];
  const unanswered: string[] = [];
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
      // A search whose rows never come is counted and the next one tried: one stray search
      // should not cost the whole run's other figures.
      const found = await page
        .waitForFunction(
          () => {
            const { marks } = window as unknown as {
              marks: { lastKey: number; rows: number; longest: number };
            };
            return marks.rows ? marks : undefined;
          },
          undefined,
          { timeout: 30_000 },
        )
        .catch(() => undefined);
      if (!found) {
        unanswered.push(word);
        continue;
      }
      const marks = (await found.jsonValue()) as { lastKey: number; rows: number; longest: number };
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

  return [
    {
      kind: 'latency',
      name: 'Employees: navigation → first rows',
      stats: summarize(firstRows),
      samples: firstRows.map(Math.round),
      target: { atMost: TARGETS.firstContentMs, stat: 'p50' },
      note: `a fresh browser context each load (nothing cached), signed in by cookie; ${loadNote()}`,
    },
    {
      kind: 'latency',
      name: 'Employees: last search key → rows updated',
      stats: summarize(updates),
      samples: updates.map(Math.round),
      target: { atMost: TARGETS.resortMs, stat: 'p50' },
      note:
        `debounce included; ${words.length} searches that fill a page (${words.join(', ')})` +
        (unanswered.length > 0 ? `; no rows within 30 s: ${unanswered.join(', ')}` : ''),
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
  ];
}

/** Navigation → first element, `loads` times after a warm-up, each in a fresh context. */
async function timeColdLoads(
  state: WebScaleState,
  cookie: string,
  urls: (load: number) => string,
  selector: string,
) {
  const samples: number[] = [];
  for (let load = 0; load < WARMUP_LOADS + MEASURED_LOADS; load++) {
    const fresh = await signedInContext(state.browser, state.baseUrl, cookie);
    try {
      const at = await timeFirstElement(fresh, urls(load), selector);
      if (load >= WARMUP_LOADS) samples.push(at);
    } finally {
      await fresh.close();
    }
  }
  return samples;
}

/**
 * In one context, after a warm-up: the page at `url` loaded afresh each time (no query cache),
 * then `operation` timed on it.
 */
async function timeOnPage(
  state: WebScaleState,
  cookie: string,
  url: (load: number) => string,
  ready: (page: Page) => Promise<unknown>,
  operation: (page: Page, load: number) => Promise<number>,
) {
  const samples: number[] = [];
  const browserContext = await signedInContext(state.browser, state.baseUrl, cookie);
  try {
    const page = await browserContext.newPage();
    for (let load = 0; load < WARMUP_LOADS + MEASURED_LOADS; load++) {
      await page.goto(url(load));
      await ready(page);
      // The page settles (fonts, the session's refresh) before the timed step.
      await page.waitForTimeout(500);
      const took = await operation(page, load);
      if (load >= WARMUP_LOADS) samples.push(took);
    }
  } finally {
    await browserContext.close();
  }
  return samples;
}

async function measureCards(context: BenchContext, state: WebScaleState) {
  const { baseUrl, teams } = state;
  const analytics = `${baseUrl}/admin/analytics`;
  const teamUrl = (load: number) => `${analytics}?team=${teams[load % teams.length]!.id}`;
  const firstCard = (page: Page) => page.locator(EMPLOYEE_CARD).first().waitFor();
  // A user sorts the cards of a page they have seen load, its trend charts included: a whole
  // centre's trends come after its cards, and drawing them would land in the re-sort's time.
  const loadedPage = async (page: Page) => {
    await firstCard(page);
    await page.locator('figure').first().waitFor();
  };
  const views = [
    {
      label: `a team (${CENTRE.agentsPerTeam} agents, the super admin)`,
      cookie: state.cookie,
      url: teamUrl,
      // The team cards first; a team's card opens its employees.
      openFrom: {
        url: () => analytics,
        ready: (page: Page) => page.locator('article').first().waitFor(),
      },
      link: (page: Page, load: number) =>
        page.getByRole('link', { name: teams[(load + 7) % teams.length]!.name, exact: true }),
    },
    {
      label: `all ${state.summary.counts.agents.toLocaleString('en-US')} (a team-less admin)`,
      cookie: state.supervisor.cookie,
      url: () => analytics,
      openFrom: {
        url: () => `${baseUrl}/admin/dashboard`,
        ready: (page: Page) => page.getByRole('heading', { level: 2 }).first().waitFor(),
      },
      link: (page: Page) => page.getByRole('link', { name: 'Analytics', exact: true }),
    },
  ];
  const results: BenchResult[] = [];
  for (const view of views) {
    context.log(`Analytics cards, ${view.label}…`);
    const cold = await timeColdLoads(state, view.cookie, view.url, EMPLOYEE_CARD);
    const inApp = await timeOnPage(
      state,
      view.cookie,
      view.openFrom.url,
      view.openFrom.ready,
      (page, load) => timeCardsAfterClick(page, view.link(page, load)),
    );
    const resort = await timeOnPage(state, view.cookie, view.url, loadedPage, (page) =>
      timeResortByTotalCalls(page),
    );
    const load = loadNote();
    results.push(
      {
        kind: 'latency',
        name: `Analytics cards, ${view.label}: navigation → first cards`,
        stats: summarize(cold),
        samples: cold.map(Math.round),
        target: { atMost: TARGETS.firstContentMs, stat: 'p50' },
        note: `a fresh browser context each load (nothing cached), signed in by cookie; ${load}`,
      },
      {
        kind: 'latency',
        name: `Analytics cards, ${view.label}: click within the app → first cards`,
        stats: summarize(inApp),
        samples: inApp.map(Math.round),
        target: { atMost: TARGETS.firstContentMs, stat: 'p50' },
        note: `the app loaded; a page reload before each (no query cache); ${load}`,
      },
      {
        kind: 'latency',
        name: `Analytics cards, ${view.label}: Sort by Total calls → cards in order`,
        stats: summarize(resort),
        samples: resort.map(Math.round),
        target: { atMost: TARGETS.resortMs, stat: 'p50' },
        note: `the page loaded (cards and trend charts); from the select's change to the cards' Total Calls in order; ${load}`,
      },
    );
  }
  return results;
}

async function measureFloor(context: BenchContext, state: WebScaleState): Promise<BenchResult[]> {
  const { firstPage, statusOf } = await readFloor(state.baseUrl, state.cookie);
  const onScreen = new Set(firstPage);
  const others = [...statusOf.keys()].filter((username) => !onScreen.has(username));
  const signedIn = Math.round(state.summary.counts.agents * FLOOR.signedInShare);
  // The agents on the page's rows, then others spread over the whole floor.
  const step = others.length / (signedIn - onScreen.size);
  const usernames = [
    ...firstPage,
    ...Array.from({ length: signedIn - onScreen.size }, (_, i) => others[Math.floor(i * step)]!),
  ];
  context.log(`signing ${usernames.length} agents in…`);
  const agents = await signInExisting(state.database.handle.db, state.sessionSecret, usernames);
  const loadBefore = loadNote();
  const floor = await runFloor(
    context,
    state.browser,
    { baseUrl: state.baseUrl, supervisorCookie: state.cookie },
    { agents, onScreen, perSecond: FLOOR.perSecond, seconds: FLOOR.seconds },
    statusOf,
  );
  const setting =
    `${agents.length} agents signed in with their live sockets open, ${FLOOR.perSecond} status ` +
    `changes/s in all (PUT /api/agent/status), 1 in 5 to one of the ${onScreen.size} agents ` +
    `in the page's rows; the super admin's Live Floor page; ${loadBefore} before, ` +
    `${loadNote()} after`;
  return [
    {
      kind: 'latency',
      name: 'Live floor: status change request → row on screen',
      stats: summarize(floor.toScreen.length > 0 ? floor.toScreen : [Number.NaN]),
      target: { atMost: TARGETS.floorToScreenMs, stat: 'p95' },
      note: `${setting}; wall clock, request sent → the row's status text changed (DOM)`,
    },
    {
      kind: 'value',
      name: 'Live floor: main thread busy (wall time)',
      value: Math.round(floor.busyPercent * 10) / 10,
      unit: '%',
      target: { atMost: TARGETS.floorBusyPercent },
      note:
        `CDP Performance.getMetrics TaskDuration (timeTicks) over ` +
        `${floor.windowSeconds.toFixed(1)} s of changes; longest task ` +
        `${Math.round(floor.longestTaskMs)} ms; before the changes, the timers alone: ` +
        `${floor.quietBusyPercent.toFixed(1)} %`,
    },
    {
      kind: 'value',
      name: 'Live floor: main thread CPU time',
      value: Math.round(floor.cpuPercent * 10) / 10,
      unit: '%',
      target: { atMost: TARGETS.floorBusyPercent },
      note:
        `TaskDuration in the thread's CPU time (threadTicks): a task descheduled by other ` +
        `work on the machine counts only its running time; the timers alone: ` +
        `${floor.quietCpuPercent.toFixed(1)} %`,
    },
    {
      kind: 'value',
      name: 'Live floor: changes on screen not shown, or refused',
      value: floor.unseen + floor.errors.length,
      unit: 'changes',
      target: { atMost: 0 },
      note:
        `${floor.unseen} of ${floor.toScreen.length + floor.unseen} not shown; ` +
        `${floor.errors.length} of ${floor.changes} requests refused` +
        (floor.errors[0] ? ` (${floor.errors[0]})` : ''),
    },
  ];
}

async function measureLighthouse(
  context: BenchContext,
  state: WebScaleState,
): Promise<BenchResult[]> {
  const agent = (
    await signInExisting(state.database.handle.db, state.sessionSecret, [
      state.summary.teams[0]!.agents[0]!,
    ])
  )[0]!;
  const pages = [
    { label: 'sign-in page', path: '/sign-in', cookie: undefined },
    { label: 'admin dashboard', path: '/admin', cookie: state.cookie },
    { label: 'agent dashboard', path: '/agent', cookie: agent.cookie },
  ];
  const browser = await startLighthouseBrowser(context);
  const results: BenchResult[] = [];
  try {
    for (const page of pages) {
      context.log(`Lighthouse, ${page.label} (${LIGHTHOUSE_RUNS} runs)…`);
      const runs: LighthouseRun[] = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
        runs.push(await runLighthouse(browser.port, `${state.baseUrl}${page.path}`, page.cookie));
      }
      const median = (values: number[]) => summarize(values).p50;
      const failed = [...new Set(runs.flatMap((run) => run.failedAccessibility))];
      const note = `desktop preset, median of ${runs.length}; ${loadNote()}`;
      results.push(
        {
          kind: 'value',
          name: `Lighthouse, ${page.label}: performance`,
          value: median(runs.map((run) => run.performance)),
          unit: 'score',
          target: { atLeast: TARGETS.lighthousePerformance },
          note: `${note}; each run: ${runs.map((run) => run.performance).join(', ')}`,
        },
        {
          kind: 'value',
          name: `Lighthouse, ${page.label}: accessibility`,
          value: median(runs.map((run) => run.accessibility)),
          unit: 'score',
          target: { atLeast: TARGETS.lighthouseAccessibility },
          note: failed.length > 0 ? `failed: ${failed.join(', ')}` : 'no audit failed',
        },
        {
          kind: 'latency',
          name: `Lighthouse, ${page.label}: total blocking time`,
          stats: summarize(runs.map((run) => run.totalBlockingTimeMs)),
          samples: runs.map((run) => Math.round(run.totalBlockingTimeMs)),
        },
        {
          kind: 'latency',
          name: `Lighthouse, ${page.label}: largest contentful paint`,
          stats: summarize(runs.map((run) => run.largestContentfulPaintMs)),
          samples: runs.map((run) => Math.round(run.largestContentfulPaintMs)),
          note: 'simulated (Lantern) from the observed load, as the desktop preset does',
        },
      );
    }
  } finally {
    await browser.close();
  }
  return results;
}

export const webScale: Benchmark<WebScaleState> = {
  name: 'web-scale',
  title: 'the portal in Chromium at 2,000 agents (Employees, Analytics, Live Floor, Lighthouse)',
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
      // Known, so that the bench can sign the floor's agents in without their passwords.
      const sessionSecret = newSessionSecret();
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
        loadEnvironment({ sessionSecret }),
      );
      const cookie = await signIn(baseUrl, summary.superAdmin, summary.password);
      const [supervisor] = await createSupervisors(database.handle.db, {
        count: 1,
        secret: sessionSecret,
        prefix: 'web-scale',
      });
      const teams = await database.handle.db
        .selectFrom('teams')
        .select(['id', 'name'])
        .orderBy('name')
        .execute();
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      return {
        database,
        summary,
        app,
        baseUrl,
        cookie,
        supervisor: supervisor!,
        sessionSecret,
        teams,
        browser,
        generationSeconds,
      };
    } catch (error) {
      await database.dispose();
      throw error;
    }
  },

  async run(context, state) {
    const results: BenchResult[] = [
      ...(await measureEmployees(state)),
      ...(await measureCards(context, state)),
      ...(await measureFloor(context, state)),
      ...(await measureLighthouse(context, state)),
      {
        kind: 'value',
        name: 'centre generated',
        value: Math.round(state.generationSeconds),
        unit: 's',
        note: `${state.summary.counts.agents} agents, ${state.summary.counts.calls.toLocaleString('en-US')} calls`,
      },
    ];
    context.log(`done (${loadNote()})`);
    return results;
  },

  async teardown(_context, state) {
    await state.browser.close();
    await state.app.close();
    await state.database.dispose();
  },
};
