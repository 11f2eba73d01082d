import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

/** The bubble, as the place its actions button sits beside. */
export const anchor = style({ position: 'relative' });

/** Quiet until the bubble is hovered or the button focused; always reachable by keyboard. Just
 * outside the bubble's inline end (received) or start (sent), taking no room in the row. */
export const trigger = style({
  position: 'absolute',
  top: '50%',
  insetInlineStart: `calc(100% + ${vars.spacing.xs})`,
  transform: 'translateY(-50%)',
  width: '2rem',
  height: '2rem',
  border: 'none',
  borderRadius: vars.radii.full,
  background: 'none',
  color: vars.colors.text.secondary,
  fontSize: vars.fonts.size.lg,
  lineHeight: 1,
  cursor: 'pointer',
  opacity: 0,
  selectors: {
    [`${anchor}:hover &, &:focus-visible, &[aria-expanded="true"]`]: { opacity: 1 },
    '&:hover': { background: vars.colors.surface.raised },
    '&:focus-visible': focusRing,
  },
  '@media': { '(hover: none)': { display: 'none' } },
});

export const sentTrigger = style({
  insetInlineStart: 'auto',
  insetInlineEnd: `calc(100% + ${vars.spacing.xs})`,
});

/** The open menu: a row of actions under the bubble, in the list's flow (never clipped). */
export const menu = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.spacing.xs,
  listStyle: 'none',
  margin: `${vars.spacing.xs} 0 0`,
  padding: vars.spacing.xs,
  background: vars.colors.surface.card,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.md,
  boxShadow: vars.shadows.md,
});

export const item = style({
  padding: `${vars.spacing.xs} ${vars.spacing.sm}`,
  border: 'none',
  borderRadius: vars.radii.sm,
  background: 'none',
  font: 'inherit',
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.primary,
  cursor: 'pointer',
  ':hover': { background: vars.colors.surface.raised },
  ':focus-visible': focusRing,
});

export const dangerItem = style([item, { color: vars.colors.text.danger }]);

/** The quote at the top of a reply: a bar on the inline-start side, two lines at most. */
export const quote = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.xxs,
  minWidth: 0,
  padding: `${vars.spacing.xs} ${vars.spacing.sm}`,
  border: 'none',
  borderInlineStart: `3px solid ${vars.colors.brand.primary}`,
  borderRadius: vars.radii.sm,
  // A tint of the bubble's own text colour, so it reads on every chat theme's bubble.
  background: 'color-mix(in srgb, currentColor 8%, transparent)',
  color: 'inherit',
  font: 'inherit',
  textAlign: 'start',
  selectors: { 'button&': { cursor: 'pointer' }, '&:focus-visible': focusRing },
});

export const quoteName = style({
  fontSize: vars.fonts.size.xs,
  fontWeight: vars.fonts.weight.bold,
});

export const quoteText = style({
  fontSize: vars.fonts.size.sm,
  overflow: 'hidden',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflowWrap: 'anywhere',
});

export const quoteDeleted = style([quoteText, { fontStyle: 'italic', opacity: 0.8 }]);

/** 'Edited' beside the time. */
export const edited = style({ fontStyle: 'italic' });

/** 'This message was deleted.' in place of the text. */
export const deletedText = style({ margin: 0, fontStyle: 'italic', opacity: 0.8 });

/** A message just jumped to from a quote. */
export const highlighted = style({
  outline: `3px solid ${vars.colors.border.focus}`,
  outlineOffset: 2,
  borderRadius: vars.radii.lg,
});

/** The composer's reply or edit bar above the text field. */
export const modeBar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.spacing.sm,
  flexBasis: '100%',
  minWidth: 0,
  padding: `${vars.spacing.xs} ${vars.spacing.sm}`,
  background: vars.colors.surface.raised,
  borderInlineStart: `3px solid ${vars.colors.brand.primary}`,
  borderRadius: vars.radii.sm,
});

export const modeText = style({ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 });

export const modeTitle = style({
  fontSize: vars.fonts.size.xs,
  fontWeight: vars.fonts.weight.bold,
  color: vars.colors.brand.primary,
});

export const modeQuote = style({
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
