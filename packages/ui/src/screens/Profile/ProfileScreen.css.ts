import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const head = style({
  display: 'flex',
  gap: vars.spacing.lg,
  alignItems: 'center',
  flexWrap: 'wrap',
});

export const identity = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.xs,
  minWidth: 0,
  flex: 1,
});

export const username = style({
  margin: 0,
  fontSize: vars.fonts.size.xl,
  overflowWrap: 'anywhere',
});

export const counts = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  gap: vars.spacing.lg,
  flexWrap: 'wrap',
  fontSize: vars.fonts.size.sm,
});

export const actions = style({
  display: 'flex',
  gap: vars.spacing.sm,
  alignItems: 'center',
  flexWrap: 'wrap',
});

export const bio = style({ display: 'flex', flexDirection: 'column', gap: vars.spacing.xs });

export const label = style({ fontSize: vars.fonts.size.sm, fontWeight: vars.fonts.weight.medium });

export const textarea = style({
  minHeight: '5rem',
  padding: vars.spacing.sm,
  font: 'inherit',
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.colors.border.default}`,
  background: vars.colors.surface.card,
  color: vars.colors.text.primary,
  resize: 'vertical',
  width: '100%',
  boxSizing: 'border-box',
  ':focus-visible': { outline: `2px solid ${vars.colors.border.focus}`, outlineOffset: 1 },
});
