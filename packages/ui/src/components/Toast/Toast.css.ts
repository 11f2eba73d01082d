import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const toast = recipe({
  base: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: vars.spacing.sm,
    padding: `${vars.spacing.md} ${vars.spacing.md} ${vars.spacing.md} ${vars.spacing.lg}`,
    borderRadius: vars.radii.md,
    boxShadow: vars.shadows.md,
    color: vars.colors.text.inverse,
    fontSize: vars.fonts.size.sm,
    overflowWrap: 'anywhere',
  },
  variants: {
    tone: {
      info: { background: vars.colors.status.info },
      success: { background: vars.colors.status.success },
      error: { background: vars.colors.status.danger },
    },
  },
  defaultVariants: { tone: 'info' },
});

export const message = style({ flex: 1, margin: 0, alignSelf: 'center' });

export const dismiss = style({
  flexShrink: 0,
  border: 'none',
  background: 'transparent',
  color: 'inherit',
  fontSize: vars.fonts.size.lg,
  lineHeight: 1,
  padding: vars.spacing.xs,
  borderRadius: vars.radii.sm,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.colors.text.inverse}`, outlineOffset: '1px' },
  },
});
