import { useId } from 'react';

/** A DOM id: the caller's when given, otherwise a generated one that is safe in selectors. */
export function useStableId(given?: string): string {
  const generated = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  return given ?? `parley-${generated}`;
}
