import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

export const bio = style({ display: 'flex', flexDirection: 'column', gap: vars.spacing.xxs });

export const text = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

export const meta = style({
  margin: 0,
  fontSize: vars.fonts.size.xs,
  color: vars.colors.text.secondary,
});

export const toggle = style({
  border: 'none',
  background: 'none',
  padding: 0,
  font: 'inherit',
  color: vars.colors.brand.primary,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&:focus-visible': focusRing },
});
