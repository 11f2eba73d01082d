import { style } from '@vanilla-extract/css';
import { focusRing } from '../../../theme/baseTheme.css';
import { vars } from '../../../theme/contract.css';

export const translation = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.spacing.sm,
  rowGap: vars.spacing.xxs,
});

/** 'Translated from …' and 'Not translated': quiet, in the bubble's own colour. */
export const translationNote = style({ fontSize: vars.fonts.size.xs, opacity: 0.85 });

export const toggle = style({
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.xs,
  fontWeight: vars.fonts.weight.bold,
  color: 'inherit',
  background: 'transparent',
  border: 0,
  padding: 0,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&:focus-visible': focusRing },
});

export const original = style({
  flexBasis: '100%',
  margin: 0,
  paddingInlineStart: vars.spacing.sm,
  borderInlineStart: '2px solid currentColor',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  fontStyle: 'italic',
});
