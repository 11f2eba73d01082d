import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const banner = style({
  margin: 0,
  padding: `${vars.spacing.xs} ${vars.spacing.lg}`,
  fontSize: vars.fonts.size.sm,
  textAlign: 'center',
  color: vars.colors.status.info,
  background: vars.colors.brand.subtle,
});

export const offline = style({
  color: vars.colors.text.danger,
  background: vars.colors.status.dangerSubtle,
});
