import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';

export const area = style({ display: 'flex', flexDirection: 'column', gap: vars.spacing.lg });

export const part = style({ display: 'flex', flexDirection: 'column', gap: vars.spacing.sm });

export const heading = style({ margin: 0, fontSize: vars.fonts.size.md });

export const hint = style({
  margin: 0,
  color: vars.colors.text.secondary,
  lineHeight: vars.fonts.lineHeight.normal,
  overflowWrap: 'anywhere',
});

/** The danger zone: set apart by a red edge so it is not mistaken for the parts above. */
export const danger = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.sm,
  borderTop: `2px solid ${vars.colors.border.danger}`,
  paddingTop: vars.spacing.md,
});

export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.spacing.sm });

export const status = style({ margin: 0, overflowWrap: 'anywhere' });

export const error = style({ margin: 0, color: vars.colors.text.danger, overflowWrap: 'anywhere' });
