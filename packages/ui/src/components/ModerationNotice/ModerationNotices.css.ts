import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const warningText = style({
  margin: 0,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});

/** The gentle notice: a card at the bottom of the page, above the content, never blocking it. */
export const banner = style({
  position: 'fixed',
  insetBlockEnd: vars.spacing.lg,
  insetInlineStart: '50%',
  transform: 'translateX(-50%)',
  zIndex: 999,
  width: 'min(28rem, calc(100vw - 2rem))',
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.spacing.sm,
  padding: vars.spacing.md,
  borderRadius: vars.radii.md,
  border: `1px solid ${vars.colors.border.default}`,
  background: vars.colors.surface.raised,
  color: vars.colors.text.primary,
  boxShadow: vars.shadows.md,
  selectors: {
    '[dir="rtl"] &': { transform: 'translateX(50%)' },
  },
});

export const bannerBody = style({
  flex: 1,
  minWidth: 0,
});

export const bannerTitle = style({
  margin: 0,
  fontWeight: vars.fonts.weight.medium,
});

export const bannerText = style({
  margin: 0,
  marginTop: vars.spacing.xs,
  color: vars.colors.text.secondary,
  overflowWrap: 'anywhere',
});
