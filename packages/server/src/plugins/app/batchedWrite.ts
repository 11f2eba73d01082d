/**
 * One statement for the writes asked for in the same turn of the event loop. Under load every
 * delivered message asks for a few small writes (its translations, a corrected language); on the
 * embedded PGlite each statement costs about a millisecond of the only thread, so one per message
 * capped fan-out at a few hundred messages a second (docs/performance.md, Fan-out). `add` settles
 * when its item is written; when a batch fails, each of its items is written alone, so only the
 * bad one reports the error.
 */
export function createBatchedWrite<T>(
  write: (items: T[]) => Promise<void>,
  maxBatch = 500,
): (item: T) => Promise<void> {
  let pending: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let scheduled = false;

  async function flush(): Promise<void> {
    scheduled = false;
    const batch = pending.slice(0, maxBatch);
    pending = pending.slice(batch.length);
    if (pending.length > 0) schedule();
    try {
      await write(batch.map((entry) => entry.item));
      for (const entry of batch) entry.resolve();
    } catch (error) {
      if (batch.length === 1) batch[0]?.reject(error);
      else {
        for (const entry of batch) await write([entry.item]).then(entry.resolve, entry.reject);
      }
    }
  }

  function schedule(): void {
    scheduled = true;
    // The rest of this I/O turn: the deliveries of one group commit are written together.
    setImmediate(() => void flush());
  }

  return (item) =>
    new Promise<void>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      if (!scheduled) schedule();
    });
}
