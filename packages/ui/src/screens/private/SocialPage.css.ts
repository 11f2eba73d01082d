import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const page = style({
  minHeight: '100vh',
  boxSizing: 'border-box',
  background: vars.colors.surface.page,
  color: vars.colors.text.primary,
  fontFamily: vars.fonts.family.body,
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.spacing.md,
  padding: `${vars.spacing.md} ${vars.spacing.lg}`,
  background: vars.colors.surface.card,
  borderBottom: `1px solid ${vars.colors.border.default}`,
});

export const title = style({
  margin: 0,
  flex: 1,
  fontSize: vars.fonts.size.lg,
  fontWeight: vars.fonts.weight.bold,
});

export const link = style({
  color: vars.colors.brand.primary,
  fontWeight: vars.fonts.weight.medium,
  textDecoration: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.spacing.xs,
  ':hover': { textDecoration: 'underline' },
  ':focus-visible': { outline: `2px solid ${vars.colors.border.focus}`, outlineOffset: 2 },
});

export const main = style({
  maxWidth: '56rem',
  margin: '0 auto',
  padding: vars.spacing.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.md,
  boxSizing: 'border-box',
});

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.sm,
  height: 'min(70vh, 40rem)',
  minHeight: 0,
});

export const error = style({ margin: 0, color: vars.colors.text.danger });
export const note = style({ margin: 0, color: vars.colors.text.secondary });
