import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.md,
  minWidth: 'min(26rem, 80vw)',
});

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.spacing.xs });

export const label = style({
  fontSize: vars.fonts.size.sm,
  fontWeight: vars.fonts.weight.medium,
  color: vars.colors.text.primary,
});

export const file = style({ fontSize: vars.fonts.size.sm });

export const fieldset = style({
  margin: 0,
  padding: vars.spacing.sm,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.xs,
});

export const count = style({
  color: vars.colors.text.secondary,
  fontWeight: vars.fonts.weight.regular,
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  maxHeight: '14rem',
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.xxs,
});

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.spacing.sm,
  padding: vars.spacing.xs,
  borderRadius: vars.radii.sm,
  cursor: 'pointer',
  ':hover': { background: vars.colors.surface.raised },
});

export const name = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const note = style({
  margin: 0,
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
});
export const error = style({
  margin: 0,
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.danger,
});
export const success = style({
  margin: 0,
  fontSize: vars.fonts.size.sm,
  color: vars.colors.status.success,
});
