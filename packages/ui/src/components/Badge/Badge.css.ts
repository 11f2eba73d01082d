import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '1.25rem',
  height: '1.25rem',
  padding: `0 ${vars.spacing.xs}`,
  boxSizing: 'border-box',
  borderRadius: vars.radii.full,
  background: vars.colors.status.danger,
  color: vars.colors.text.inverse,
  fontSize: vars.fonts.size.xs,
  fontWeight: vars.fonts.weight.bold,
  lineHeight: 1,
  fontVariantNumeric: 'tabular-nums',
});
