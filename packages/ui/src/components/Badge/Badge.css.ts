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

/** Issue 25: a muted chat's count, drawn grey instead of red (WhatsApp does the same). */
export const mutedBadge = style({
  background: vars.colors.text.secondary,
});
