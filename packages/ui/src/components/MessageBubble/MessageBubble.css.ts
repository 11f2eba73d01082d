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

export const translation = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.spacing.sm,
  rowGap: vars.spacing.xxs,
});

/** 'Translated from …' and 'Not translated': quiet, in the bubble's own colour. */
export const translationNote = style({ fontSize: vars.fonts.size.xs, opacity: 0.85 });

export const toggle = style({
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.xs,
  fontWeight: vars.fonts.weight.bold,
  color: 'inherit',
  background: 'transparent',
  border: 0,
  padding: 0,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&:focus-visible': focusRing },
});

export const original = style({
  flexBasis: '100%',
  margin: 0,
  paddingInlineStart: vars.spacing.sm,
  borderInlineStart: '2px solid currentColor',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontStyle: 'italic',
});

export const imageButton = style({
  display: 'block',
  padding: 0,
  background: 'none',
  border: 0,
  borderRadius: vars.radii.md,
  cursor: 'zoom-in',
  selectors: { '&:focus-visible': focusRing },
});

/** Image messages at most 350 px high in the list. */
export const image = style({
  display: 'block',
  maxWidth: 'min(100%, 320px)',
  maxHeight: 350,
  objectFit: 'cover',
  borderRadius: vars.radii.md,
});

export const video = style({
  display: 'block',
  maxWidth: 'min(100%, 360px)',
  maxHeight: 350,
  borderRadius: vars.radii.md,
});

export const fileLink = style({
  display: 'flex',
  flexDirection: 'column',
  color: 'inherit',
  textDecoration: 'underline',
  selectors: { '&:focus-visible': focusRing },
});

export const fileName = style({ fontWeight: vars.fonts.weight.medium, overflowWrap: 'anywhere' });

export const fileSize = style({ fontSize: vars.fonts.size.xs, opacity: 0.8 });

export const voice = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.xxs,
  minWidth: 'min(240px, 70vw)',
});

export const audio = style({ width: '100%', maxWidth: 320, height: '2.25rem' });

export const transcript = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

export const note = style({ fontSize: vars.fonts.size.xs, opacity: 0.85 });

export const details = style({ fontSize: vars.fonts.size.xs });
