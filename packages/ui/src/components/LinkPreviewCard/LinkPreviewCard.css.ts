import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

export const card = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'stretch',
  gap: vars.spacing.sm,
  maxWidth: 360,
  minWidth: 0,
  padding: vars.spacing.sm,
  background: vars.colors.surface.raised,
  color: vars.colors.text.primary,
  borderRadius: vars.radii.md,
  borderInlineStart: `3px solid ${vars.colors.brand.primary}`,
  overflow: 'hidden',
});

/** In the composer the card spans the form's width, above the text field. */
export const inComposer = style({ flexBasis: '100%', maxWidth: 'none' });

export const link = style({
  display: 'flex',
  gap: vars.spacing.sm,
  flex: 1,
  minWidth: 0,
  color: 'inherit',
  textDecoration: 'none',
  borderRadius: vars.radii.sm,
  selectors: { '&:focus-visible': focusRing },
});

export const image = style({
  flex: 'none',
  width: 64,
  height: 64,
  objectFit: 'cover',
  borderRadius: vars.radii.sm,
  background: vars.colors.surface.page,
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  flex: 1,
  minWidth: 0,
});

export const site = style({
  fontSize: vars.fonts.size.xs,
  color: vars.colors.text.secondary,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const title = style({
  fontWeight: vars.fonts.weight.bold,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
});

export const description = style({
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
});

export const note = style({
  flex: 1,
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
  alignSelf: 'center',
});

export const remove = style({
  flex: 'none',
  alignSelf: 'flex-start',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 32,
  height: 32,
  padding: 0,
  color: vars.colors.text.secondary,
  background: 'transparent',
  border: 0,
  borderRadius: vars.radii.full,
  cursor: 'pointer',
  selectors: { '&:focus-visible': focusRing, '&:hover': { color: vars.colors.text.primary } },
});

export const textButton = style({
  flex: 'none',
  alignSelf: 'center',
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.sm,
  fontWeight: vars.fonts.weight.bold,
  color: vars.colors.brand.primary,
  background: 'transparent',
  border: 0,
  padding: 0,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&:focus-visible': focusRing },
});
