import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

export const wrapper = style({ position: 'relative', flex: 1, minHeight: 0, display: 'flex' });

export const scroller = style({
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  overflowAnchor: 'none',
  selectors: { '&:focus-visible': { ...focusRing, outlineOffset: '-3px' } },
});

export const inner = style({
  position: 'relative',
  width: '100%',
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const item = style({
  position: 'absolute',
  top: 0,
  insetInlineStart: 0,
  width: '100%',
  boxSizing: 'border-box',
});

export const status = style({
  position: 'absolute',
  top: vars.spacing.sm,
  insetInline: 0,
  marginInline: 'auto',
  width: 'fit-content',
  padding: `${vars.spacing.xs} ${vars.spacing.md}`,
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.primary,
  background: vars.colors.surface.card,
  borderRadius: vars.radii.full,
  boxShadow: vars.shadows.pill,
});

export const empty = style({
  margin: 'auto',
  padding: `${vars.spacing.sm} ${vars.spacing.md}`,
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.primary,
  background: vars.colors.surface.card,
  borderRadius: vars.radii.md,
});

/** The message a search result opened: marked until another is. */
export const jumped = style({
  background: vars.colors.brand.subtle,
  borderRadius: vars.radii.md,
});
