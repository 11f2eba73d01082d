import { style } from '@vanilla-extract/css';
import { visuallyHidden } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

export const group = style({
  border: 0,
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(7rem, 1fr))',
  gap: vars.spacing.md,
});

export const legend = style([visuallyHidden]);

export const option = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.spacing.xs,
  padding: vars.spacing.sm,
  border: `2px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.md,
  cursor: 'pointer',
  background: vars.colors.surface.card,
  selectors: {
    '&:has(input:checked)': {
      borderColor: vars.colors.brand.primary,
      boxShadow: `0 0 0 2px ${vars.colors.brand.subtle}`,
    },
    '&:has(input:focus-visible)': {
      outline: `3px solid ${vars.colors.border.focus}`,
      outlineOffset: '2px',
    },
  },
});

export const radio = style([visuallyHidden]);

export const preview = style({ width: '6rem', height: '4rem', borderRadius: vars.radii.sm });

export const label = style({ fontWeight: vars.fonts.weight.medium });
