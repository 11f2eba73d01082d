import DataLoader from 'dataloader';

/** The most keys one batched statement asks for; more go in the next one. */
const MAX_KEYS_PER_READ = 1000;

/**
 * Reads of one row (or list) per key, asked one at a time by many callers, made as few statements
 * of many keys (`where id = any(…)`). Keys asked in the same turn of the event loop go together;
 * while a read is under way, keys asked meanwhile wait for it and go in the next one. So an idle
 * server reads a key at once (one turn later), and a busy database gets one statement for a
 * crowd instead of a queue of small ones: 500 sockets sending their first message in the same
 * second asked for 500 senders' blockers and 500 glossaries, one statement each
 * (docs/performance.md, "Fan-out, round six").
 *
 * `readMany` answers the keys it found; a key it did not is `absent(key)`. A failed read fails
 * every caller of that batch (and only them). Nothing is cached here: callers keep what they
 * keep (personCache.ts, the sockets' own caches), so a change is never hidden by this layer.
 */
export function batchedReads<K, V>(
  readMany: (keys: readonly K[]) => Promise<Map<K, V>>,
  absent: (key: K) => V,
): (key: K) => Promise<V> {
  let underWay: Promise<unknown> = Promise.resolve();
  const loader = new DataLoader<K, V>(
    async (keys) => {
      // Without its cache DataLoader keeps a key asked twice twice; the statement names it once.
      const read = readMany([...new Set(keys)]);
      underWay = read.catch(() => undefined);
      const found = await read;
      return keys.map((key) => (found.has(key) ? (found.get(key) as V) : absent(key)));
    },
    {
      cache: false,
      maxBatchSize: MAX_KEYS_PER_READ,
      // After the read under way (if any), and after the rest of this turn's askers.
      batchScheduleFn: (dispatch) => {
        void underWay.then(() => setImmediate(dispatch));
      },
    },
  );
  return (key) => loader.load(key);
}
