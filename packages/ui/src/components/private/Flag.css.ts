import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const flag = style({
  display: 'inline-flex',
  flexShrink: 0,
  alignItems: 'center',
  justifyContent: 'center',
  width: '1.5em',
  height: '1em',
});

export const image = style({
  display: 'block',
  width: '100%',
  height: '100%',
  borderRadius: 2,
  // A hairline so white-edged flags (Japan, Finland…) stay visible on a white card.
  boxShadow: `0 0 0 1px ${vars.colors.border.default}`,
});

export const globe = style({
  display: 'block',
  width: '1.1em',
  height: '1.1em',
  color: vars.colors.text.secondary,
});
