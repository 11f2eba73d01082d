import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const results = style({ display: 'flex', flexDirection: 'column', minHeight: 0 });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.xxs,
});

export const item = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.spacing.md,
  width: '100%',
  minHeight: 44,
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

export const snippet = style({
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
  overflow: 'hidden',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflowWrap: 'anywhere',
});

export const sender = style({ fontWeight: vars.fonts.weight.medium });

export const mark = style({
  background: vars.colors.brand.subtle,
  color: vars.colors.text.primary,
  fontWeight: vars.fonts.weight.bold,
  borderRadius: vars.radii.sm,
});

export const original = style({
  alignSelf: 'flex-start',
  marginTop: vars.spacing.xxs,
  fontSize: vars.fonts.size.xs,
  color: vars.colors.text.secondary,
});

export const note = style({
  margin: 0,
  padding: vars.spacing.md,
  textAlign: 'center',
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
});

export const error = style([note, { color: vars.colors.text.danger }]);

export const more = style({
  alignSelf: 'center',
  minHeight: 44,
  margin: vars.spacing.sm,
  padding: `0 ${vars.spacing.md}`,
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.sm,
  color: vars.colors.brand.primary,
  background: 'transparent',
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.md,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.colors.border.focus}`, outlineOffset: '2px' },
  },
});
