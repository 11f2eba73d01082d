import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

export const ticks = style({ display: 'inline-flex', alignItems: 'center', opacity: 0.85 });

/** Read: coloured, and the name says so too ('Read'), so colour is not the only sign. */
export const read = style({ color: vars.colors.brand.primary, opacity: 1 });

export const readBy = style({
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.xs,
  color: 'inherit',
  background: 'transparent',
  border: 0,
  padding: 0,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&:focus-visible': focusRing },
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.spacing.xs,
});

export const when = style({ color: vars.colors.text.secondary, fontSize: vars.fonts.size.xs });
