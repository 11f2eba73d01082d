import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

export const code = style({
  margin: 0,
  fontSize: vars.fonts.size.display,
  fontWeight: vars.fonts.weight.bold,
  lineHeight: 1,
  color: vars.colors.brand.primary,
});

export const home = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: `${vars.spacing.sm} ${vars.spacing.xl}`,
  borderRadius: vars.radii.md,
  background: vars.colors.brand.primary,
  color: vars.colors.brand.onPrimary,
  fontWeight: vars.fonts.weight.medium,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.colors.brand.primaryHover },
    '&:focus-visible': focusRing,
  },
});
