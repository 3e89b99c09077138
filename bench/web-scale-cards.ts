import type { BrowserContext, Page } from 'playwright-core';

/**
 * web-scale's browser timings of a page's first content and of the Analytics employee cards,
 * each in the page's own clock. Functions the browser runs declare no named inner functions:
 * tsx would wrap those in a helper the page does not have.
 */

/** An employee card: its link opens the employee (a team card's opens `?team=`). */
export const EMPLOYEE_CARD = 'article a[href^="/admin/analytics/"]';

/** What the page logs, with the moment, when the first element shows. */
const FIRST_ELEMENT_SHOWN = 'web-scale: first element at ';

/**
 * Navigation start → the first element matching `selector` in the page. The page logs the
 * moment to its console: polling for it (waitForFunction) would inject Playwright's script
 * into the page while it loads, on the main thread being measured.
 */
export async function timeFirstElement(context: BrowserContext, url: string, selector: string) {
  const page = await context.newPage();
  await page.addInitScript(
    ({ selector, shown }) => {
      const observer = new MutationObserver(() => {
        if (document.querySelector(selector)) {
          console.debug(`${shown}${performance.now()}`);
          observer.disconnect();
        }
      });
      observer.observe(document, { subtree: true, childList: true });
    },
    { selector, shown: FIRST_ELEMENT_SHOWN },
  );
  const shown = page.waitForEvent('console', {
    predicate: (message) => message.text().startsWith(FIRST_ELEMENT_SHOWN),
    timeout: 30_000,
  });
  await page.goto(url, { waitUntil: 'commit' });
  return Number((await shown).text().slice(FIRST_ELEMENT_SHOWN.length));
}

/**
 * On a page already shown: from the click on `link` (a link within the app, so the app stays
 * loaded) to the first employee card.
 */
export async function timeCardsAfterClick(page: Page, link: ReturnType<Page['locator']>) {
  await page.evaluate((selector) => {
    const marks = { clicked: 0, cards: 0 };
    (window as unknown as { marks: typeof marks }).marks = marks;
    document.addEventListener('click', () => (marks.clicked = performance.now()), {
      capture: true,
      once: true,
    });
    const observer = new MutationObserver(() => {
      if (marks.clicked && document.querySelector(selector)) {
        marks.cards = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true });
  }, EMPLOYEE_CARD);
  await link.click();
  return waitForMarks(page, 'cards', 'clicked');
}

/**
 * On the employee cards: from choosing 'Total calls' in 'Sort by' to the cards in that order
 * (their Total Calls never falling, the first card another than before).
 */
export async function timeResortByTotalCalls(page: Page) {
  await page.evaluate((selector) => {
    const marks = { changed: 0, sorted: 0 };
    (window as unknown as { marks: typeof marks }).marks = marks;
    const firstBefore = document.querySelector(selector)?.getAttribute('href');
    document.addEventListener('change', () => (marks.changed = performance.now()), {
      capture: true,
      once: true,
    });
    const observer = new MutationObserver(() => {
      if (!marks.changed) return;
      const cards = [...document.querySelectorAll('article')].filter((card) =>
        card.querySelector(selector),
      );
      const totals = cards.map((card) => {
        const label = [...card.querySelectorAll('dt')].find(
          (dt) => dt.textContent === 'Total Calls',
        );
        return Number(label?.nextElementSibling?.textContent?.replace(/,/g, '') ?? Number.NaN);
      });
      const isSorted =
        totals.length > 0 &&
        totals.every((total, index) => index === 0 || totals[index - 1]! <= total) &&
        cards[0]!.querySelector(selector)!.getAttribute('href') !== firstBefore;
      if (isSorted) {
        marks.sorted = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, EMPLOYEE_CARD);
  await page.getByLabel('Sort by').selectOption('totalCalls');
  return waitForMarks(page, 'sorted', 'changed');
}

async function waitForMarks(page: Page, end: string, start: string) {
  const marks = (await (
    await page.waitForFunction(
      (end) => {
        const { marks } = window as unknown as { marks: Record<string, number> };
        return marks[end] ? marks : undefined;
      },
      end,
      { timeout: 30_000 },
    )
  ).jsonValue()) as Record<string, number>;
  return marks[end]! - marks[start]!;
}
