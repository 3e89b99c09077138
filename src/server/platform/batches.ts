import type { Db } from './database';

/**
 * Group commit for one kind of statement: `submit` runs an item at once when no batch is in
 * flight; otherwise it waits, and every item waiting when a batch returns goes in the next one
 * (at most `maxSize`). Another batch starts beside those in flight (up to `concurrency`) only
 * once `overlapAt` items wait (default 1: at once), so a few items wait for the batch ahead and
 * go together rather than each paying a statement's fixed cost (decision 131). So an idle server
 * runs each item alone, with no added wait, and a busy one runs many per statement and
 * transaction, which costs PostgreSQL far less per item (issue 8 §2: a status change ~0.99 →
 * ~0.49 ms of CPU in batches of 5). No timers.
 *
 * `run` answers one result per item, in order; an Error among them fails only its item. If
 * `run` throws an error after which nothing of the batch can have been kept (`rolledBack`: the
 * database refused the statement, a deadlock against another transaction, say), each item of
 * the batch is run again alone, so one item's failure fails no other; any other error (a lost
 * connection, the outcome unknown) fails the whole batch.
 */
export class Batches<Item, Result> {
  private readonly waiting: {
    item: Item;
    resolve: (result: Result) => void;
    reject: (error: unknown) => void;
  }[] = [];
  private inFlight = 0;

  constructor(
    private readonly run: (items: Item[]) => Promise<(Result | Error)[]>,
    private readonly options: {
      concurrency: number;
      maxSize: number;
      overlapAt?: number;
      rolledBack: (error: unknown) => boolean;
    },
  ) {}

  submit(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.next();
    });
  }

  private next() {
    const { concurrency, overlapAt = 1 } = this.options;
    while (
      this.inFlight < concurrency &&
      this.waiting.length >= (this.inFlight === 0 ? 1 : overlapAt)
    ) {
      const batch = this.waiting.splice(0, this.options.maxSize);
      this.inFlight++;
      void this.settle(batch).finally(() => {
        this.inFlight--;
        this.next();
      });
    }
  }

  private async settle(batch: typeof this.waiting) {
    let results: (Result | Error)[];
    try {
      results = await this.run(batch.map((entry) => entry.item));
    } catch (error) {
      if (batch.length === 1 || !this.options.rolledBack(error)) {
        for (const entry of batch) entry.reject(error);
        return;
      }
      await Promise.all(batch.map((entry) => this.settle([entry])));
      return;
    }
    batch.forEach((entry, index) => {
      const result = results[index]!;
      if (result instanceof Error) entry.reject(result);
      else entry.resolve(result);
    });
  }
}

/**
 * One kind of statement that runs for many items at once (`run`): in batches of up to 100 on
 * a database handle given to `batchOn` (the server's pool), alone on any other (a
 * transaction, a test's handle), where an Error answered is thrown.
 */
export function batchable<Item, Result>(
  run: (db: Db, items: Item[]) => Promise<(Result | Error)[]>,
  rolledBack: (error: unknown) => boolean,
) {
  const batchesOf = new WeakMap<Db, Batches<Item, Result>>();
  return {
    /**
     * From now on, `concurrency` batches at most in flight on `db`, another beside the first
     * once `overlapAt` items wait.
     */
    batchOn(db: Db, concurrency: number, overlapAt = 1) {
      if (batchesOf.has(db)) return;
      const batches = new Batches((items: Item[]) => run(db, items), {
        concurrency,
        maxSize: 100,
        overlapAt,
        rolledBack,
      });
      batchesOf.set(db, batches);
    },
    async submit(db: Db, item: Item): Promise<Result> {
      const batches = batchesOf.get(db);
      if (batches) return batches.submit(item);
      const [result] = await run(db, [item]);
      if (result instanceof Error) throw result;
      return result as Result;
    },
  };
}
