import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.spacing.md });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.spacing.sm,
});

export const error = style({ margin: 0, color: vars.colors.text.danger, overflowWrap: 'anywhere' });
