/**
 * Reads that do not depend on each other, run side by side where that is safe. On the pool each goes out on a
 * connection of its own at once (what `Promise.all` of queries gives); a transaction is one connection, which
 * runs one statement at a time: node-postgres queues a second query sent meanwhile but warns that it is
 * deprecated ("client.query() when the client is already executing a query"; pg@9 refuses it), so on a
 * transaction the reads run one after another, in the order given.
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

type Reads = readonly (() => Promise<unknown>)[];
type Answers<T extends Reads> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

export async function readsSideBySide<const T extends Reads>(db: Db | Tx, reads: T): Promise<Answers<T>> {
  if (!(db instanceof PgTransaction)) return Promise.all(reads.map((read) => read())) as Promise<Answers<T>>;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as Answers<T>;
}
