import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

export const picker = style({
  flexBasis: '100%',
  maxHeight: 240,
  overflowY: 'auto',
  background: vars.colors.surface.card,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.md,
  boxShadow: vars.shadows.md,
});

export const list = style({ margin: 0, padding: vars.spacing.xxs });

export const option = style({
  padding: `${vars.spacing.xs} ${vars.spacing.sm}`,
  borderRadius: vars.radii.sm,
  cursor: 'pointer',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: {
    '&[aria-selected="true"]': {
      background: vars.colors.brand.subtle,
      fontWeight: vars.fonts.weight.bold,
    },
  },
});

export const empty = style({
  margin: 0,
  padding: vars.spacing.sm,
  color: vars.colors.text.secondary,
  fontSize: vars.fonts.size.sm,
});
