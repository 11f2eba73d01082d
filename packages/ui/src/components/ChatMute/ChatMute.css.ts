import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const mutedIcon = style({
  flexShrink: 0,
  color: vars.colors.text.secondary,
});

/** The duration choices' heading inside the conversation menu. */
export const heading = style({
  margin: 0,
  padding: `${vars.spacing.xs} ${vars.spacing.sm}`,
  fontSize: vars.fonts.size.xs,
  fontWeight: vars.fonts.weight.bold,
  color: vars.colors.text.secondary,
});
