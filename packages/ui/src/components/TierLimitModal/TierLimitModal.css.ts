import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.spacing.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const link = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.5rem',
  padding: `${vars.spacing.xs} ${vars.spacing.lg}`,
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
