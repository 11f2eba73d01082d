import { useCallback, useState } from 'react';

/**
 * The ids of list rows whose action is in flight (their buttons wait), and `whileBusy`, which
 * marks a row busy for the length of one action.
 */
export function useBusyIds(): {
  busyIds: number[];
  whileBusy: (id: number, action: () => Promise<void>) => Promise<void>;
} {
  const [busyIds, setBusyIds] = useState<number[]>([]);
  const whileBusy = useCallback(async (id: number, action: () => Promise<void>) => {
    setBusyIds((ids) => [...ids, id]);
    try {
      await action();
    } finally {
      setBusyIds((ids) => ids.filter((busy) => busy !== id));
    }
  }, []);
  return { busyIds, whileBusy };
}
