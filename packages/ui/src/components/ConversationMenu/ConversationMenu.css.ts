import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const wrapper = style({ position: 'relative' });

export const trigger = style({
  border: 'none',
  background: 'none',
  color: 'inherit',
  fontSize: vars.fonts.size.lg,
  width: '2.75rem',
  height: '2.75rem',
  borderRadius: vars.radii.full,
  cursor: 'pointer',
  ':hover': { background: vars.colors.surface.raised, color: vars.colors.text.primary },
  ':focus-visible': { outline: `2px solid ${vars.colors.border.focus}`, outlineOffset: 2 },
});

export const menu = style({
  position: 'absolute',
  insetInlineEnd: 0,
  top: '100%',
  zIndex: 10,
  listStyle: 'none',
  margin: 0,
  padding: vars.spacing.xs,
  minWidth: '10rem',
  background: vars.colors.surface.card,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.md,
  boxShadow: vars.shadows.md,
});

export const item = style({
  display: 'block',
  width: '100%',
  textAlign: 'start',
  padding: `${vars.spacing.xs} ${vars.spacing.sm}`,
  border: 'none',
  background: 'none',
  font: 'inherit',
  color: vars.colors.text.primary,
  textDecoration: 'none',
  borderRadius: vars.radii.sm,
  cursor: 'pointer',
  ':hover': { background: vars.colors.surface.raised },
  ':focus-visible': { outline: `2px solid ${vars.colors.border.focus}` },
});
