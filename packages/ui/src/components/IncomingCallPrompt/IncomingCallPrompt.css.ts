import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const caller = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.spacing.md,
});

export const type = style({
  display: 'inline-flex',
  color: vars.colors.brand.primary,
});
