import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const wrapper = style({ position: 'relative', display: 'flex', alignItems: 'center' });

export const icon = style({
  position: 'absolute',
  insetInlineStart: vars.spacing.md,
  display: 'flex',
  color: vars.colors.text.secondary,
  pointerEvents: 'none',
});

export const input = style({ paddingInlineStart: '2.5rem' });
