import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const scroller = style({ flex: 1, minHeight: 0, overflowY: 'auto' });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.xs,
});

export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))',
  gap: vars.spacing.md,
});

export const tiles = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))',
  gap: vars.spacing.sm,
});

export const note = style({
  margin: 0,
  padding: vars.spacing.lg,
  textAlign: 'center',
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
});

export const error = style([note, { color: vars.colors.text.danger }]);

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const loading = style([
  note,
  { display: 'flex', alignItems: 'center', justifyContent: 'center', gap: vars.spacing.sm },
]);

export const spinner = style({
  width: '1.25rem',
  height: '1.25rem',
  borderRadius: vars.radii.full,
  border: `2px solid ${vars.colors.border.default}`,
  borderTopColor: vars.colors.brand.primary,
  animation: `${spin} 0.8s linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const sentinel = style({ height: 1 });
