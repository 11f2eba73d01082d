import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.spacing.md,
  width: '100%',
  boxSizing: 'border-box',
  padding: `${vars.spacing.sm} ${vars.spacing.md}`,
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.md,
  color: vars.colors.text.primary,
  textAlign: 'start',
  background: 'transparent',
  border: 0,
  borderRadius: vars.radii.md,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.colors.surface.raised },
    '&:focus-visible': {
      outline: `3px solid ${vars.colors.border.focus}`,
      outlineOffset: '-3px',
    },
    '&[aria-current="true"]': { background: vars.colors.brand.subtle },
  },
});

export const text = style({ display: 'flex', flexDirection: 'column', minWidth: 0, flex: 1 });

export const row = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.spacing.sm,
});

export const name = style({
  fontWeight: vars.fonts.weight.medium,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const time = style({
  flexShrink: 0,
  fontSize: vars.fonts.size.xs,
  color: vars.colors.text.secondary,
});

export const preview = style({
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

/** Issue 25: the time and the unread badge together at the row's end. */
export const end = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.spacing.xs,
  flexShrink: 0,
});
