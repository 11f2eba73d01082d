import { keyframes, style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

export const panel = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.spacing.sm,
  flex: 1,
  minWidth: 0,
  padding: `${vars.spacing.xs} ${vars.spacing.sm}`,
  background: vars.colors.surface.raised,
  borderRadius: vars.radii.lg,
});

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.3 } });

export const dot = style({
  width: '0.625rem',
  height: '0.625rem',
  borderRadius: vars.radii.full,
  background: vars.colors.text.danger,
  '@media': {
    '(prefers-reduced-motion: no-preference)': { animation: `${pulse} 1.2s ease-in-out infinite` },
  },
});

export const timer = style({
  fontVariantNumeric: 'tabular-nums',
  color: vars.colors.text.primary,
  minWidth: '3ch',
});

export const audio = style({ flex: 1, minWidth: '10rem', maxWidth: '100%', height: '2.25rem' });

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '2.75rem',
  height: '2.75rem',
  color: vars.colors.text.primary,
  background: 'transparent',
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.full,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.colors.surface.card },
    '&:focus-visible': focusRing,
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const primaryButton = style([
  iconButton,
  {
    color: vars.colors.brand.onPrimary,
    background: vars.colors.brand.primary,
    borderColor: 'transparent',
    selectors: { '&:hover:not(:disabled)': { background: vars.colors.brand.primaryHover } },
  },
]);

export const error = style({
  flexBasis: '100%',
  margin: 0,
  color: vars.colors.text.danger,
  fontSize: vars.fonts.size.sm,
});

/** A line of explanation beside the controls (live talk: who hears you). */
export const hint = style({
  flex: 1,
  minWidth: '8rem',
  color: vars.colors.text.secondary,
  fontSize: vars.fonts.size.sm,
});

/** An error that shares the row with its Close button. */
export const inlineError = style({
  flex: 1,
  margin: 0,
  color: vars.colors.text.danger,
  fontSize: vars.fonts.size.sm,
});

/** The round outline button with a word instead of an icon (live talk's Close). */
export const textButton = style([
  iconButton,
  { width: 'auto', minWidth: '2.75rem', padding: `0 ${vars.spacing.md}` },
]);
