import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const audio = style({ flex: 1, minWidth: '10rem', maxWidth: '100%', height: '2.25rem' });

export const error = style({
  flexBasis: '100%',
  margin: 0,
  color: vars.colors.text.danger,
  fontSize: vars.fonts.size.sm,
});
