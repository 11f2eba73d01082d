export const shadows = {
  none: 'none',
  sm: '0 1px 2px rgba(15, 23, 42, 0.08)',
  md: '0 4px 12px rgba(15, 23, 42, 0.12)',
  lg: '0 12px 32px rgba(15, 23, 42, 0.2)',
  // Light lifts named for what they lift; their values are what those components drew before.
  bubble: '0 1px 1px rgba(15, 23, 42, 0.12)',
  selected: '0 1px 2px rgba(15, 23, 42, 0.15)',
  card: '0 1px 3px rgba(15, 23, 42, 0.12)',
  pill: '0 1px 3px rgba(15, 23, 42, 0.2)',
  focus: '0 0 0 3px rgba(29, 78, 216, 0.45)',
} as const;
