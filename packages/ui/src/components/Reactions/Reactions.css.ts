import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

/** The bubble's reaction row: chips, then the 'who reacted' button. */
export const chips = style({
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.spacing.xxs,
  marginTop: vars.spacing.xxs,
  maxWidth: 'min(32rem, 85%)',
});

const pill = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.spacing.xxs,
  minHeight: '1.75rem',
  padding: `0 ${vars.spacing.sm}`,
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.xs,
  color: vars.colors.text.primary,
  background: vars.colors.surface.card,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.full,
  cursor: 'pointer',
  selectors: { '&:focus-visible': focusRing, '&:disabled': { cursor: 'default' } },
});

export const chip = style([pill]);

/** My reaction: the brand's subtle fill and a strong border (not colour alone: aria-pressed too). */
export const mine = style({
  background: vars.colors.brand.subtle,
  borderColor: vars.colors.brand.primary,
  fontWeight: vars.fonts.weight.bold,
});

export const emoji = style({
  fontFamily: vars.fonts.family.emoji,
  fontSize: vars.fonts.size.sm,
  lineHeight: 1,
});

export const whoButton = style([pill, { color: vars.colors.text.secondary }]);

/**
 * The React trigger just outside the bubble's edge (the side facing the conversation's middle):
 * hidden until the bubble is hovered or something in it has focus, so it takes no room and shows
 * in no picture; on phones a long press opens the picker instead.
 */
export const trigger = style([
  pill,
  {
    position: 'absolute',
    insetBlockStart: '50%',
    transform: 'translateY(-50%)',
    insetInlineStart: 'calc(100% + 0.25rem)',
    padding: `0 ${vars.spacing.xs}`,
    opacity: 0,
    selectors: {
      '[data-reactable]:hover > &, [data-reactable]:focus-within > &': { opacity: 1 },
      '&:focus-visible, &[aria-expanded="true"]': { opacity: 1 },
      '[data-sent="true"] > &': {
        insetInlineStart: 'auto',
        insetInlineEnd: 'calc(100% + 0.25rem)',
      },
    },
    // Where the bubble also has its 'Message actions' button (2rem, in the same spot, hidden on
    // touch screens), React sits one button further out, so neither covers the other on hover.
    '@media': {
      '(hover: hover)': {
        selectors: {
          '[data-beside-actions] > &': { insetInlineStart: 'calc(100% + 2.5rem)' },
          '[data-beside-actions][data-sent="true"] > &': {
            insetInlineStart: 'auto',
            insetInlineEnd: 'calc(100% + 2.5rem)',
          },
        },
      },
    },
  },
]);

export const picker = style({
  margin: 0,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.xs,
  marginTop: vars.spacing.xxs,
  padding: vars.spacing.xs,
  background: vars.colors.surface.card,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.lg,
  boxShadow: vars.shadows.bubble,
  maxWidth: '100%',
});

export const quickRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.spacing.xxs });

export const quick = style([
  pill,
  { minWidth: '2.25rem', minHeight: '2.25rem', justifyContent: 'center', padding: 0 },
]);

export const moreButton = style([pill, { minHeight: '2.25rem' }]);

export const loading = style({ fontSize: vars.fonts.size.xs, color: vars.colors.text.secondary });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.spacing.xs,
});

export const listRow = style({ display: 'flex', alignItems: 'center', gap: vars.spacing.sm });
