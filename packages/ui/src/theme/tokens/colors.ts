/**
 * Colour tokens of the base theme. Every text/background pair used by the components meets
 * WCAG AA (4.5:1 for text, 3:1 for focus rings and borders that carry meaning).
 */
export const colors = {
  brand: {
    primary: '#1d4ed8', // white text on it: 6.7:1
    primaryHover: '#1e40af',
    onPrimary: '#ffffff',
    subtle: '#dbeafe',
    subtleHover: '#bfdbfe',
  },
  surface: {
    page: '#f1f5f9',
    card: '#ffffff',
    raised: '#f8fafc',
    overlay: 'rgba(15, 23, 42, 0.55)',
    // The inverse (dark) surface a call is shown on, whatever the chat theme.
    inverse: '#0f172a', // inverse text on it: 17.9:1
    inverseRaised: '#1e293b',
    inverseSunken: '#020617',
    inverseScrim: 'rgba(2, 6, 23, 0.8)',
  },
  text: {
    primary: '#0f172a', // on card: 17.9:1
    secondary: '#475569', // on card: 7.6:1, on page: 6.9:1
    danger: '#b91c1c', // on card: 6.5:1
    success: '#065f46', // on success subtle: 7.3:1
    warning: '#78350f', // on warning subtle: 8.7:1
    inverse: '#ffffff',
    inverseSecondary: '#cbd5e1', // on inverse surface: 12.0:1
    inverseDanger: '#fecaca', // on inverse surface: 12.3:1
  },
  border: {
    default: '#94a3b8',
    strong: '#475569',
    focus: '#1d4ed8',
    danger: '#b91c1c',
    success: '#047857',
    warning: '#b45309',
    inverse: '#ffffff',
  },
  status: {
    danger: '#b91c1c',
    dangerHover: '#991b1b',
    dangerSubtle: '#fef2f2', // danger text on it: 5.9:1
    success: '#047857',
    successSubtle: '#ecfdf5', // success text on it: 7.3:1
    warning: '#b45309',
    warningSubtle: '#fffbeb', // warning text on it: 8.7:1
    info: '#1e3a8a',
  },
} as const;

/** The spec's palette of 5 avatar colours; white initials on each meet AA. */
export const avatarPalette = ['#1d4ed8', '#047857', '#b91c1c', '#6d28d9', '#c2410c'] as const;
