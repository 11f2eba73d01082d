import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/contract.css';

export const badges = style({
  display: 'inline-flex',
  flexShrink: 0,
  gap: vars.spacing.xs,
  marginInlineStart: 'auto',
});

export const badge = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 2,
  padding: '0 0.35em',
  minHeight: '1.25em',
  borderRadius: vars.radii.sm,
  fontSize: vars.fonts.size.xs,
  fontWeight: vars.fonts.weight.regular,
  lineHeight: 1.4,
  color: vars.colors.text.primary,
  background: vars.colors.surface.raised,
  border: `1px solid ${vars.colors.border.default}`,
  whiteSpace: 'nowrap',
});

export const badgeIcon = style({ width: '1.15em', height: '1.15em' });

export const legend = style({
  borderTop: `1px solid ${vars.colors.border.default}`,
  paddingTop: vars.spacing.sm,
  fontSize: vars.fonts.size.xs,
  color: vars.colors.text.secondary,
});

export const legendLine = style({
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.spacing.xs} ${vars.spacing.sm}`,
  selectors: { '& + &': { marginTop: vars.spacing.xs } },
});

export const legendItem = style({ display: 'inline-flex', alignItems: 'center', gap: 4 });
