import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.sm,
  minHeight: 0,
  maxHeight: '60%',
  boxSizing: 'border-box',
  padding: vars.spacing.sm,
  background: vars.colors.surface.card,
  borderBottom: `1px solid ${vars.colors.border.default}`,
});

export const bar = style({ display: 'flex', alignItems: 'center', gap: vars.spacing.sm });

export const field = style({ flex: 1, minWidth: 0 });

export const close = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 44,
  height: 44,
  flexShrink: 0,
  color: vars.colors.text.secondary,
  background: 'transparent',
  border: 0,
  borderRadius: vars.radii.md,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.colors.surface.raised },
    '&:focus-visible': { outline: `3px solid ${vars.colors.border.focus}`, outlineOffset: '-3px' },
  },
});

export const scroller = style({ overflowY: 'auto', minHeight: 0 });
