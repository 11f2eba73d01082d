import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.spacing.xxs,
  minWidth: 0,
});

export const chip = style({
  display: 'inline-block',
  padding: `0 ${vars.spacing.sm}`,
  borderRadius: vars.radii.full,
  border: `1px solid ${vars.colors.border.default}`,
  color: vars.colors.text.secondary,
  fontSize: vars.fonts.size.xs,
  lineHeight: vars.fonts.lineHeight.normal,
  whiteSpace: 'nowrap',
});
