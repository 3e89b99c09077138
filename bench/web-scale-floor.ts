import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser } from 'playwright-core';
import { floorPageSchema } from '../src/shared/schemas/floor';
import { type AgentStatus, statusCatalogue } from '../src/shared/statuses';
import type { BenchContext } from './benchmark';
import { type LiveSocket, connectLive, inBatches, request } from './sim/agent-client';
import { seededRandom } from './sim/random';
import type { SimUser } from './sim/staff';
import { signedInContext } from './web-build';

/**
 * web-scale's live floor: agents signed in with their softphone's live socket open, changing
 * status through the real server (PUT /api/agent/status, as the softphone does) at a steady
 * total rate, while a supervisor's Chromium shows the Live Floor page. Every change to an agent
 * in the page's rows is timed from its request being sent to its row's status text changing
 * (a MutationObserver in the page; both ends on the machine's wall clock); the page's main
 * thread is measured over the whole window (CDP Performance.getMetrics: TaskDuration ÷ time).
 */

/** Break ↔ Lunch ↔ Personal: the call engine offers no call in any of them. */
const CYCLE = ['break', 'lunch', 'personal'] as const satisfies readonly AgentStatus[];
/** One change in this many goes to an agent in the page's rows, the rest to the others. */
const ON_SCREEN_EVERY = 5;
/** How long the page's main thread is measured with no change, before the changes. */
const QUIET_MS = 10_000;
/** After the last change, how long a change may still be waited for. */
const SETTLE_MS = 3000;

export interface FloorPlan {
  agents: readonly SimUser[];
  /** Usernames of the agents in the page's rows (all among `agents`). */
  onScreen: ReadonlySet<string>;
  perSecond: number;
  seconds: number;
}

export interface FloorFigures {
  /** Change request sent → the row shows it (ms), for each change to an agent on screen. */
  toScreen: number[];
  /** Changes to agents on screen never shown before the window closed. */
  unseen: number;
  changes: number;
  errors: string[];
  /** The page's main thread busy over the window, in % of wall time. */
  busyPercent: number;
  /** The page's main thread's CPU time over the window, in % of wall time. */
  cpuPercent: number;
  /** The same two before the changes start: the page's timers alone. */
  quietBusyPercent: number;
  quietCpuPercent: number;
  windowSeconds: number;
  longestTaskMs: number;
}

/**
 * The first page of the live floor (as `cookie`'s viewer sees it by default, by username) and
 * every agent's status now, through the API the page itself reads.
 */
export async function readFloor(baseUrl: string, cookie: string) {
  const read = async (query: string) => {
    const response = await fetch(`${baseUrl}/api/analytics/live${query}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`live floor ${query}: HTTP ${response.status}`);
    return floorPageSchema.parse(await response.json());
  };
  const firstPage = (await read('')).agents.map((agent) => agent.username);
  const statusOf = new Map<string, AgentStatus>();
  // A page past the end answers the last one: the total says where to stop.
  for (let page = 1, pages = 1; page <= pages; page++) {
    const floor = await read(`?page=${page}&pageSize=100`);
    for (const agent of floor.agents) statusOf.set(agent.username, agent.status);
    pages = Math.ceil(floor.matching / floor.pageSize);
  }
  return { firstPage, statusOf };
}

export async function runFloor(
  context: BenchContext,
  browser: Browser,
  { baseUrl, supervisorCookie }: { baseUrl: string; supervisorCookie: string },
  plan: FloorPlan,
  statusOf: Map<string, AgentStatus>,
): Promise<FloorFigures> {
  const sockets: LiveSocket[] = [];
  const browserContext = await signedInContext(browser, baseUrl, supervisorCookie);
  try {
    context.log(`${plan.agents.length} agents' live sockets…`);
    await inBatches(plan.agents, 50, async (agent) => {
      const socket = connectLive(baseUrl, agent, () => undefined);
      sockets.push(socket);
      await socket.opened;
    });
    const page = await browserContext.newPage();
    await page.goto(`${baseUrl}/admin/live`);
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor({ timeout: 30_000 });
    await page
      .locator('tbody tr')
      .nth(plan.onScreen.size - 1)
      .waitFor();
    // The connections' own floor events drain before measuring.
    await sleep(2000);

    // Each row's status as last seen, and every change of it with the wall-clock time.
    await page.evaluate(() => {
      const seen = new Map<string, string>();
      const changes: { username: string; status: string; at: number }[] = [];
      const marks = { longest: 0 };
      (window as unknown as { floorChanges: typeof changes }).floorChanges = changes;
      (window as unknown as { floorMarks: typeof marks }).floorMarks = marks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          marks.longest = Math.max(marks.longest, entry.duration);
        }
      }).observe({ type: 'longtask' });
      new MutationObserver(() => {
        const at = Date.now();
        for (const row of document.querySelectorAll('tbody tr')) {
          const cells = row.querySelectorAll('td');
          const agentText = cells[0]?.textContent ?? '';
          const username = agentText.slice(agentText.lastIndexOf('@') + 1);
          const status = cells[2]?.textContent ?? '';
          const before = seen.get(username);
          if (before !== status) {
            if (before !== undefined) changes.push({ username, status, at });
            seen.set(username, status);
          }
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
      // A mutation of its own, so that the first pass learns the rows as they are now.
      document.body.append(document.createComment('floor watch'));
    });

    const onScreen = plan.agents.filter((agent) => plan.onScreen.has(agent.username));
    const offScreen = plan.agents.filter((agent) => !plan.onScreen.has(agent.username));
    const random = seededRandom(52);
    const sent: { username: string; status: string; sentAt: number }[] = [];
    const errors: string[] = [];
    const inFlight: Promise<void>[] = [];
    const total = plan.perSecond * plan.seconds;
    // Tasks timed twice: in wall time (what the page's user waits through) and in the main
    // thread's CPU time (what the page costs, whatever else the machine is running).
    const cdp = await browserContext.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
    const cpu = await browserContext.newCDPSession(page);
    await cpu.send('Performance.enable', { timeDomain: 'threadTicks' });
    const metric = async () => {
      const taskOf = async (session: typeof cdp) =>
        (await session.send('Performance.getMetrics')).metrics.find(
          (entry) => entry.name === 'TaskDuration',
        )?.value ?? 0;
      return { task: await taskOf(cdp), cpuTask: await taskOf(cpu), at: performance.now() / 1000 };
    };
    // BENCH_FLOOR_CPU_PROFILE=<file>: the page's V8 CPU profile over the window, for DevTools.
    const profileFile = process.env.BENCH_FLOOR_CPU_PROFILE;
    if (profileFile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    // The floor with no change first: what its timers alone cost.
    const quietStart = await metric();
    await sleep(QUIET_MS);
    const quietEnd = await metric();
    context.log(`${total} status changes at ${plan.perSecond}/s…`);
    const before = await metric();
    const started = performance.now();
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / plan.perSecond;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const isOnScreen = i % ON_SCREEN_EVERY === 0;
      const agent = isOnScreen
        ? onScreen[(i / ON_SCREEN_EVERY) % onScreen.length]!
        : offScreen[Math.floor(random() * offScreen.length)]!;
      const current = statusOf.get(agent.username);
      const next = CYCLE[(CYCLE.indexOf(current as (typeof CYCLE)[number]) + 1) % CYCLE.length]!;
      statusOf.set(agent.username, next);
      const sentAt = Date.now();
      if (isOnScreen) {
        sent.push({ username: agent.username, status: statusCatalogue[next].label, sentAt });
      }
      inFlight.push(
        request(baseUrl, 'PUT', '/api/agent/status', agent.cookie, { status: next }).then(
          (answer) => {
            if (answer.status !== 200) errors.push(`${answer.status} ${answer.body.slice(0, 120)}`);
          },
          (error: unknown) => void errors.push(String(error)),
        ),
      );
    }
    await Promise.all(inFlight);
    const after = await metric();
    const windowSeconds = after.at - before.at;
    if (profileFile) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(profileFile, JSON.stringify(profile));
    }
    await sleep(SETTLE_MS);

    const { shown, longest } = await page.evaluate(() => ({
      shown: (
        window as unknown as { floorChanges: { username: string; status: string; at: number }[] }
      ).floorChanges,
      longest: (window as unknown as { floorMarks: { longest: number } }).floorMarks.longest,
    }));
    const toScreen: number[] = [];
    let unseen = 0;
    for (const change of sent) {
      const seen = shown.find(
        (entry) =>
          entry.username === change.username &&
          entry.status === change.status &&
          entry.at >= change.sentAt,
      );
      if (seen) toScreen.push(seen.at - change.sentAt);
      else unseen++;
    }
    return {
      toScreen,
      unseen,
      changes: total,
      errors,
      busyPercent: ((after.task - before.task) / windowSeconds) * 100,
      cpuPercent: ((after.cpuTask - before.cpuTask) / windowSeconds) * 100,
      quietBusyPercent: ((quietEnd.task - quietStart.task) / (quietEnd.at - quietStart.at)) * 100,
      quietCpuPercent:
        ((quietEnd.cpuTask - quietStart.cpuTask) / (quietEnd.at - quietStart.at)) * 100,
      windowSeconds,
      longestTaskMs: longest,
    };
  } finally {
    await browserContext.close();
    await Promise.all(sockets.map((socket) => socket.close()));
  }
}
