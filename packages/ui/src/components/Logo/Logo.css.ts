import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/contract.css';

export const logo = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.spacing.sm,
    color: vars.colors.brand.primary,
    fontWeight: vars.fonts.weight.bold,
  },
  variants: {
    size: {
      sm: { fontSize: vars.fonts.size.md },
      md: { fontSize: vars.fonts.size.lg },
      lg: { fontSize: vars.fonts.size.xl },
    },
  },
  defaultVariants: { size: 'md' },
});

export const mark = style({ width: '2em', height: '2em', flexShrink: 0 });
export const wordmark = style({ color: vars.colors.text.primary });
