import DataLoader from 'dataloader';

/** The most keys one batched statement asks for; more go in the next one. */
const MAX_KEYS_PER_STATEMENT = 1000;

/**
 * Calls asked one at a time by many callers, made as few statements of many keys. Keys asked in
 * the same turn of the event loop go together; while a statement is under way, keys asked
 * meanwhile wait for it and go in the next one. So an idle server runs a key at once (one turn
 * later), and a busy database gets one statement for a crowd instead of a queue of small ones.
 *
 * `batch` gets every caller's key in order (a key asked twice is there twice) and answers each
 * position: its value, or an Error for that caller alone. A failed statement fails every caller
 * of that batch (and only them). Nothing is cached here.
 */
export function batchedCalls<K, V>(
  batch: (keys: readonly K[]) => Promise<(V | Error)[]>,
): (key: K) => Promise<V> {
  let underWay: Promise<unknown> = Promise.resolve();
  const loader = new DataLoader<K, V>(
    (keys) => {
      const run = batch(keys);
      underWay = run.catch(() => undefined);
      return run;
    },
    {
      cache: false,
      maxBatchSize: MAX_KEYS_PER_STATEMENT,
      // After the statement under way (if any), and after the rest of this turn's askers.
      batchScheduleFn: (dispatch) => {
        void underWay.then(() => setImmediate(dispatch));
      },
    },
  );
  return (key) => loader.load(key);
}

/**
 * Reads of one row (or list) per key (`batchedCalls`), as `where id = any(…)`: 500 sockets
 * sending their first message in the same second asked for 500 senders' blockers and 500
 * glossaries, one statement each (docs/performance.md, "Fan-out, round six").
 *
 * `readMany` answers the keys it found; a key it did not is `absent(key)`. Callers keep what they
 * keep (personCache.ts, the sockets' own caches), so a change is never hidden by this layer.
 */
export function batchedReads<K, V>(
  readMany: (keys: readonly K[]) => Promise<Map<K, V>>,
  absent: (key: K) => V,
): (key: K) => Promise<V> {
  return batchedCalls(async (keys: readonly K[]) => {
    // A key asked twice is named once in the statement.
    const found = await readMany([...new Set(keys)]);
    return keys.map((key) => (found.has(key) ? (found.get(key) as V) : absent(key)));
  });
}
