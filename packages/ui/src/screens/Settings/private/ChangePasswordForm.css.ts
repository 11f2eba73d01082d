import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.spacing.md });

export const heading = style({ margin: 0, fontSize: vars.fonts.size.md });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.spacing.sm });

export const success = style({
  margin: 0,
  color: vars.colors.text.primary,
  overflowWrap: 'anywhere',
});

export const error = style({ margin: 0, color: vars.colors.text.danger, overflowWrap: 'anywhere' });
