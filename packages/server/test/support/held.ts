/** A promise and its resolver, for holding a read (or a statement) open in a test. */
export function held<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
