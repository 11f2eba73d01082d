import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const chips = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.spacing.xs,
  border: 'none',
  margin: 0,
  padding: 0,
});

export const chip = style({
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.full,
  padding: `${vars.spacing.xs} ${vars.spacing.md}`,
  background: vars.colors.surface.card,
  color: vars.colors.text.primary,
  font: 'inherit',
  fontSize: vars.fonts.size.sm,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.colors.brand.primary,
      borderColor: vars.colors.brand.primary,
      color: vars.colors.brand.onPrimary,
    },
  },
  ':focus-visible': { outline: `2px solid ${vars.colors.border.focus}`, outlineOffset: 2 },
});
