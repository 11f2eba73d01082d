import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const tile = style({
  overflow: 'hidden',
  borderRadius: vars.radii.md,
  background: vars.colors.surface.card,
  border: `1px solid ${vars.colors.border.default}`,
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
});

export const tileCaption = style({
  padding: vars.spacing.sm,
  fontSize: vars.fonts.size.sm,
});

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.sm,
  padding: vars.spacing.md,
  borderRadius: vars.radii.md,
  background: vars.colors.surface.card,
  border: `1px solid ${vars.colors.border.default}`,
});

export const media = style({
  width: '100%',
  maxHeight: '350px',
  objectFit: 'cover',
  display: 'block',
  borderRadius: vars.radii.sm,
  background: vars.colors.surface.raised,
});

export const textTile = style({
  padding: vars.spacing.md,
  overflow: 'auto',
  minHeight: '8rem',
  boxSizing: 'border-box',
});

export const author = style({ margin: 0, fontWeight: vars.fonts.weight.bold });

export const cardHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.spacing.sm,
});

export const authorLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.spacing.sm,
  minWidth: 0,
  color: vars.colors.text.primary,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});

export const authorAvatar = style({ display: 'inline-flex', flexShrink: 0 });

export const date = style({
  flexShrink: 0,
  fontSize: vars.fonts.size.xs,
  color: vars.colors.text.secondary,
});

export const tags = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.spacing.xs,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const tag = style({
  padding: `${vars.spacing.xxs} ${vars.spacing.sm}`,
  fontSize: vars.fonts.size.xs,
  color: vars.colors.text.secondary,
  background: vars.colors.surface.raised,
  borderRadius: vars.radii.full,
});

export const caption = style({ display: 'flex', flexDirection: 'column', gap: vars.spacing.xxs });

export const captionText = style({
  margin: 0,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

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
  ':focus-visible': { outline: `2px solid ${vars.colors.border.focus}`, outlineOffset: 2 },
});

/** Issue 29: the card's own actions (Report post), at its end. */
export const actions = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.spacing.sm,
});
