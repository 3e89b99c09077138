import type { Db } from './database';

/**
 * Group commit for one kind of statement: `submit` runs an item at once when no batch is in
 * flight; otherwise it waits, and every item waiting when a batch returns goes in the next one
 * (at most `maxSize`). Another batch starts beside those in flight (up to `concurrency`) only
 * once `overlapAt` items wait (default 1: at once), so a few items wait for the batch ahead and
 * go together rather than each paying a statement's fixed cost. So an idle server runs each item
 * alone, with no added wait, and a busy one runs many per statement and transaction, which costs
 * PostgreSQL far less per item. No timers.
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
 * A statement that does many items' work at once: `run` answers one result per item, in
 * order (an Error fails only its item); `rolledBack` tells an error after which nothing of
 * the batch was kept, so its items can be retried alone.
 */
export interface BatchStatement<Item, Result> {
  run(db: Db, items: readonly Item[]): Promise<(Result | Error)[]>;
  rolledBack(error: unknown): boolean;
}

/** The statement for one item on `db` (a transaction, say), its Error answer thrown. */
export async function runAlone<Item, Result>(
  statement: BatchStatement<Item, Result>,
  db: Db,
  item: Item,
): Promise<Result> {
  const [result] = await statement.run(db, [item]);
  if (result instanceof Error) throw result;
  return result as Result;
}

/**
 * Group commit of `statement` on `db` (the server's pool): batches of up to 100, at most
 * `concurrency` in flight, another beside the first once `overlapAt` items wait.
 */
export function batchesOn<Item, Result>(
  db: Db,
  statement: BatchStatement<Item, Result>,
  { concurrency, overlapAt = 1 }: { concurrency: number; overlapAt?: number },
) {
  return new Batches<Item, Result>((items) => statement.run(db, items), {
    concurrency,
    maxSize: 100,
    overlapAt,
    rolledBack: (error) => statement.rolledBack(error),
  });
}
