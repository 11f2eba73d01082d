import { style } from '@vanilla-extract/css';

export const image = style({
  display: 'block',
  maxWidth: '100%',
  maxHeight: '75vh',
  margin: '0 auto',
  objectFit: 'contain',
});
