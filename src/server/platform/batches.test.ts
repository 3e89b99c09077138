import { describe, expect, it } from 'vitest';
import { type BatchStatement, Batches, batchesOn, runAlone } from './batches';
import type { Db } from './database';

/** A run that records each batch and answers when released. */
function recordingRun(answer: (item: number) => number | Error = (item) => item * 10) {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  const run = (items: number[]) => {
    batches.push(items);
    return new Promise<(number | Error)[]>((resolve) => {
      pending.push(() => resolve(items.map(answer)));
    });
  };
  const releaseAll = async () => {
    while (pending.length > 0) {
      for (const release of pending.splice(0)) release();
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { run, batches, releaseAll };
}

const never = () => false;

describe('Batches', () => {
  it('runs an item alone at once while fewer than `concurrency` batches are in flight', async () => {
    const { run, batches, releaseAll } = recordingRun();
    const batcher = new Batches(run, { concurrency: 2, maxSize: 10, rolledBack: never });
    const first = batcher.submit(1);
    const second = batcher.submit(2);
    expect(batches).toEqual([[1], [2]]);
    await releaseAll();
    expect(await Promise.all([first, second])).toEqual([10, 20]);
  });

  it('sends what waited as one batch when one returns, at most `maxSize` at a time', async () => {
    const { run, batches, releaseAll } = recordingRun();
    const batcher = new Batches(run, { concurrency: 1, maxSize: 3, rolledBack: never });
    const answers = [1, 2, 3, 4, 5].map((item) => batcher.submit(item));
    expect(batches).toEqual([[1]]);
    await releaseAll();
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50]);
  });

  it('starts a batch beside the one in flight only once `overlapAt` items wait', async () => {
    const { run, batches, releaseAll } = recordingRun();
    const batcher = new Batches(run, {
      concurrency: 2,
      maxSize: 10,
      overlapAt: 3,
      rolledBack: never,
    });
    const answers = [batcher.submit(1), batcher.submit(2), batcher.submit(3)];
    // One in flight, two waiting: they wait for it, rather than each start a batch of its own.
    expect(batches).toEqual([[1]]);
    answers.push(batcher.submit(4));
    expect(batches).toEqual([[1], [2, 3, 4]]);
    // Two in flight: the concurrency holds whatever waits.
    answers.push(...[5, 6, 7].map((item) => batcher.submit(item)));
    expect(batches).toEqual([[1], [2, 3, 4]]);
    await releaseAll();
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6, 7]]);
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50, 60, 70]);
  });

  it('an Error among the results fails only its item', async () => {
    const { run, releaseAll } = recordingRun((item) =>
      item === 3 ? new Error('refused') : item * 10,
    );
    const batcher = new Batches(run, { concurrency: 1, maxSize: 10, rolledBack: never });
    const answers = [1, 2, 3, 4].map((item) => batcher.submit(item).catch((e: Error) => e));
    await releaseAll();
    const settled = await Promise.all(answers);
    expect(settled.slice(0, 2)).toEqual([10, 20]);
    expect(settled[2]).toEqual(new Error('refused'));
    expect(settled[3]).toBe(40);
  });

  it('a batch rolled back runs each item again alone: only the failing one fails', async () => {
    const batches: number[][] = [];
    const rolledBack = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const batcher = new Batches(
      async (items: number[]) => {
        batches.push(items);
        await Promise.resolve();
        if (items.includes(3)) throw rolledBack;
        return items.map((item) => item * 10);
      },
      { concurrency: 1, maxSize: 10, rolledBack: (error) => error === rolledBack },
    );
    const first = batcher.submit(1);
    const answers = [2, 3, 4].map((item) => batcher.submit(item).catch((e: Error) => e));
    expect(await first).toBe(10);
    expect(await Promise.all(answers)).toEqual([20, rolledBack, 40]);
    expect(batches).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
  });

  it('any other failure (the outcome unknown) fails the whole batch, run once', async () => {
    const batches: number[][] = [];
    const lost = new Error('Connection terminated unexpectedly');
    const batcher = new Batches(
      async (items: number[]) => {
        batches.push(items);
        await Promise.resolve();
        if (items.length > 1) throw lost;
        return items.map((item) => item * 10);
      },
      { concurrency: 1, maxSize: 10, rolledBack: () => false },
    );
    const first = batcher.submit(1);
    const answers = [2, 3].map((item) => batcher.submit(item).catch((e: Error) => e));
    expect(await first).toBe(10);
    expect(await Promise.all(answers)).toEqual([lost, lost]);
    expect(batches).toEqual([[1], [2, 3]]);
    // The next item runs as usual.
    expect(await batcher.submit(4)).toBe(40);
  });
});

describe('batchesOn and runAlone', () => {
  const pool = {} as Db;
  const transaction = {} as Db;
  const recordingStatement = () => {
    const runs: { db: Db; items: readonly number[] }[] = [];
    const statement: BatchStatement<number, number> = {
      async run(db, items) {
        runs.push({ db, items });
        await Promise.resolve();
        return items.map((item) => (item < 0 ? new Error(`refused ${item}`) : item * 10));
      },
      rolledBack: () => false,
    };
    return { runs, statement };
  };

  it('batches on the handle given to batchesOn; runAlone runs each item alone on its own', async () => {
    const { runs, statement } = recordingStatement();
    const batches = batchesOn(pool, statement, { concurrency: 1 });
    const answers = await Promise.all([1, 2, 3].map((item) => batches.submit(item)));
    await Promise.all([4, 5].map((item) => runAlone(statement, transaction, item)));
    expect(answers).toEqual([10, 20, 30]);
    expect(runs).toEqual([
      { db: pool, items: [1] },
      { db: pool, items: [2, 3] },
      { db: transaction, items: [4] },
      { db: transaction, items: [5] },
    ]);
  });

  it('throws the Error answered for an item, batched or alone', async () => {
    const { statement } = recordingStatement();
    const batches = batchesOn(pool, statement, { concurrency: 1 });
    await expect(runAlone(statement, transaction, -1)).rejects.toThrow('refused -1');
    const answers = [1, -2].map((item) => batches.submit(item).catch((e: Error) => e));
    expect(await Promise.all(answers)).toEqual([10, new Error('refused -2')]);
  });
});
