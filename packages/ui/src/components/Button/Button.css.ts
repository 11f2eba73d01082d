import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.spacing.sm,
    border: '1px solid transparent',
    borderRadius: vars.radii.md,
    fontFamily: 'inherit',
    fontWeight: vars.fonts.weight.medium,
    lineHeight: vars.fonts.lineHeight.tight,
    cursor: 'pointer',
    transition: 'background-color 120ms ease',
    selectors: {
      '&:focus-visible': focusRing,
      '&:disabled': { cursor: 'not-allowed', opacity: 0.65 },
      // Busy: looks unavailable but keeps the focus (Button.tsx).
      '&[aria-disabled="true"]': { cursor: 'progress', opacity: 0.65 },
    },
  },
  variants: {
    variant: {
      primary: {
        background: vars.colors.brand.primary,
        color: vars.colors.brand.onPrimary,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': {
            background: vars.colors.brand.primaryHover,
          },
        },
      },
      secondary: {
        background: vars.colors.surface.card,
        color: vars.colors.text.primary,
        borderColor: vars.colors.border.strong,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': {
            background: vars.colors.surface.raised,
          },
        },
      },
      ghost: {
        background: 'transparent',
        color: vars.colors.brand.primary,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': {
            background: vars.colors.brand.subtle,
          },
        },
      },
      danger: {
        background: vars.colors.status.danger,
        color: vars.colors.text.inverse,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': {
            background: vars.colors.status.dangerHover,
          },
        },
      },
    },
    size: {
      sm: { fontSize: vars.fonts.size.sm, padding: `${vars.spacing.xs} ${vars.spacing.md}` },
      md: { fontSize: vars.fonts.size.md, padding: `${vars.spacing.sm} ${vars.spacing.lg}` },
    },
    fullWidth: { true: { width: '100%' }, false: {} },
  },
  defaultVariants: { variant: 'primary', size: 'md', fullWidth: false },
});

export type ButtonRecipeVariants = RecipeVariants<typeof button>;
