import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

/** A mention: the brand's subtle tint behind it, bold, readable on every bubble colour. */
export const mention = style({
  padding: '0 2px',
  fontWeight: vars.fonts.weight.bold,
  color: vars.colors.text.primary,
  background: vars.colors.brand.subtle,
  borderRadius: vars.radii.sm,
});
