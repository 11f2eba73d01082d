import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const wrapper = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.sm,
});

export const hint = style({
  margin: 0,
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
});

export const notice = style({ margin: 0, fontSize: vars.fonts.size.sm });

export const error = style({
  margin: 0,
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.danger,
});
