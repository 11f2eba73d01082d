import { type Snapshot, snapshot, subscribe } from 'valtio/vanilla';

export type StateSnapshot<T extends object> = Snapshot<T>;

/**
 * Framework bindings read sdk state through these two functions rather than importing valtio
 * themselves: a second copy of valtio (as package managers often install) cannot see the sdk's
 * proxies. React: `useSyncExternalStore((cb) => subscribeToState(s, cb), () => snapshotOfState(s))`.
 */
export function subscribeToState(state: object, onChange: () => void): () => void {
  return subscribe(state, onChange);
}

/** An immutable snapshot; the same object is returned until the state changes. */
export function snapshotOfState<T extends object>(state: T): StateSnapshot<T> {
  return snapshot(state);
}
