import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

export const premium = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.sm,
  padding: vars.spacing.md,
  borderRadius: vars.radii.md,
  background: vars.colors.status.successSubtle,
  border: `1px solid ${vars.colors.border.success}`,
});

export const message = style({
  margin: 0,
  color: vars.colors.text.success,
  fontWeight: vars.fonts.weight.medium,
});

export const manage = style({
  color: vars.colors.brand.primary,
  fontWeight: vars.fonts.weight.medium,
  selectors: { '&:focus-visible': focusRing },
});
