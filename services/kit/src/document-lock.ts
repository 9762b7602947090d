/**
 * One update at a time per document, within this process.
 *
 * The embedded store (FerretDB v1 on SQLite) applies an update by reading the matching document, changing it in
 * memory and writing it back whole, with nothing in between held: two concurrent updates of one document, even of
 * different fields ($set of other paths, $push), lose one of them, and a conditional update ({revision: seen}) may
 * pass for both. Measured: 50 concurrent $push of one array kept 16–21. MongoDB applies each update atomically
 * itself. Running every update of a document through its key here makes the embedded store behave the same for the
 * one process that owns the data (each service is the only writer of its database; on the embedded store run one
 * replica per service — several replicas need a real MongoDB).
 */
const tails = new Map<string, Promise<unknown>>();

export async function updateAlone<T>(key: string, update: () => Promise<T>): Promise<T> {
  const before = tails.get(key) ?? Promise.resolve();
  const run = before.then(update, update);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  tails.set(key, tail);
  try {
    return await run;
  } finally {
    // The last one out leaves no entry behind.
    if (tails.get(key) === tail) tails.delete(key);
  }
}
