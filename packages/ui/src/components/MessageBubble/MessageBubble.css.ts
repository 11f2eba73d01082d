import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

export const row = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  padding: `${vars.spacing.xxs} ${vars.spacing.lg}`,
});

export const sentRow = style({ alignItems: 'flex-end' });

export const bubble = style({
  // The React trigger (components/Reactions) sits just outside the bubble's edge.
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.xxs,
  boxShadow: vars.shadows.bubble,
});

export const sender = style({ fontSize: vars.fonts.size.xs, fontWeight: vars.fonts.weight.bold });

export const text = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

export const file = style({ color: 'inherit', fontWeight: vars.fonts.weight.medium });

export const meta = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.spacing.xs,
  fontSize: vars.fonts.size.xs,
});

export const failed = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.spacing.xs,
  marginTop: vars.spacing.xxs,
  padding: `${vars.spacing.xxs} ${vars.spacing.sm}`,
  fontSize: vars.fonts.size.xs,
  color: vars.colors.text.danger,
  background: vars.colors.status.dangerSubtle,
  borderRadius: vars.radii.full,
});

export const retry = style({
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.xs,
  fontWeight: vars.fonts.weight.bold,
  color: vars.colors.text.danger,
  background: 'transparent',
  border: 0,
  padding: 0,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&:focus-visible': focusRing },
});

/** 'Translated from …' and 'Not translated': quiet, in the bubble's own colour. */
export const translationNote = style({ fontSize: vars.fonts.size.xs, opacity: 0.85 });
