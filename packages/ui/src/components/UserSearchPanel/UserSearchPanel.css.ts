import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.sm,
  height: '100%',
  minHeight: 0,
  boxSizing: 'border-box',
  padding: vars.spacing.md,
  background: vars.colors.surface.card,
  borderInlineEnd: `1px solid ${vars.colors.border.default}`,
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.spacing.sm,
});

export const title = style({
  margin: 0,
  fontSize: vars.fonts.size.lg,
  fontWeight: vars.fonts.weight.bold,
});

export const scroller = style({ flex: 1, minHeight: 0, overflowY: 'auto' });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.xxs,
});

export const note = style({
  margin: 0,
  padding: vars.spacing.md,
  textAlign: 'center',
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
});

export const error = style([note, { color: vars.colors.text.danger }]);

export const sentinel = style({ height: 1 });
