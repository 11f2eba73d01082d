import { keyframes, style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

/** The recording row shared by the voice-note recorder and live talk: panel, pulsing dot, timer, round buttons. */
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
