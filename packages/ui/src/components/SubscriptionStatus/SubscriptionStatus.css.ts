import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

export const premium = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.sm,
  padding: vars.spacing.md,
  borderRadius: vars.radii.md,
  background: '#ecfdf5',
  border: '1px solid #047857',
});

export const message = style({ margin: 0, color: '#065f46', fontWeight: vars.fonts.weight.medium });

export const manage = style({
  color: vars.colors.brand.primary,
  fontWeight: vars.fonts.weight.medium,
  selectors: { '&:focus-visible': focusRing },
});
