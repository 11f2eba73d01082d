import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const region = style({
  position: 'fixed',
  insetBlockEnd: vars.spacing.lg,
  insetInlineEnd: vars.spacing.lg,
  zIndex: 1000,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.sm,
  maxWidth: 'min(24rem, calc(100vw - 2rem))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
