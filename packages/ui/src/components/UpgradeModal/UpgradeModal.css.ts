import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

export const plans = style({
  display: 'grid',
  gap: vars.spacing.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const plan = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  alignItems: 'center',
  gap: `${vars.spacing.xxs} ${vars.spacing.md}`,
  padding: vars.spacing.md,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.md,
  background: vars.colors.surface.raised,
});

export const name = style({
  margin: 0,
  fontSize: vars.fonts.size.md,
  fontWeight: vars.fonts.weight.bold,
});

export const price = style({ fontWeight: vars.fonts.weight.bold });

export const detail = style({
  gridColumn: '1 / -1',
  margin: 0,
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
});

export const choose = style({
  gridColumn: '1 / -1',
  justifySelf: 'start',
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.25rem',
  padding: `${vars.spacing.xs} ${vars.spacing.md}`,
  fontWeight: vars.fonts.weight.bold,
  color: vars.colors.brand.onPrimary,
  background: vars.colors.brand.primary,
  borderRadius: vars.radii.md,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.colors.brand.primaryHover },
    '&:focus-visible': focusRing,
  },
});
