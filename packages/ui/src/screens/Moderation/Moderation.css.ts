import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';
import { PHONE_MEDIA, TOUCH_TARGET } from '../../theme/media';

/** The review queue (issue 29): report groups as cards, their messages quoted. */
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.lg,
});

export const quote = style({
  margin: 0,
  padding: `${vars.spacing.sm} ${vars.spacing.md}`,
  borderInlineStart: `${vars.spacing.xs} solid ${vars.colors.border.danger}`,
  background: vars.colors.surface.raised,
  borderRadius: vars.radii.md,
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
  lineHeight: vars.fonts.lineHeight.normal,
});

export const original = style({
  margin: 0,
  padding: `${vars.spacing.sm} ${vars.spacing.md}`,
  borderInlineStart: `${vars.spacing.xs} solid ${vars.colors.border.default}`,
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
});

export const toggle = style({
  alignSelf: 'flex-start',
  background: 'none',
  border: 'none',
  padding: 0,
  color: vars.colors.brand.primary,
  font: 'inherit',
  fontSize: vars.fonts.size.sm,
  textDecoration: 'underline',
  cursor: 'pointer',
  selectors: { '&:focus-visible': focusRing },
  '@media': { [PHONE_MEDIA]: { minHeight: TOUCH_TARGET } },
});

export const small = style({
  margin: 0,
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
});

export const subheading = style({ margin: 0, fontSize: vars.fonts.size.md });

export const plain = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.xs,
  overflowWrap: 'anywhere',
});

export const context = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.xs,
  fontSize: vars.fonts.size.sm,
  overflowWrap: 'anywhere',
});

export const contextReported = style({ fontWeight: vars.fonts.weight.bold });

export const actions = style({
  border: 'none',
  margin: 0,
  padding: 0,
  minWidth: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.spacing.sm,
});

export const tabs = style({ display: 'flex', gap: vars.spacing.sm, flexWrap: 'wrap' });

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.spacing.xs });

export const textarea = style({
  minHeight: '5rem',
  padding: vars.spacing.sm,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.md,
  font: 'inherit',
  background: vars.colors.surface.card,
  color: vars.colors.text.primary,
  selectors: { '&:focus-visible': focusRing },
});

export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.spacing.md,
});

/** The queue / audit log switch (staff): the chosen one filled. */
export const tab = style({
  padding: `${vars.spacing.xs} ${vars.spacing.md}`,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.md,
  background: vars.colors.surface.card,
  color: vars.colors.text.primary,
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': {
      background: vars.colors.brand.primary,
      borderColor: vars.colors.brand.primary,
      color: vars.colors.brand.onPrimary,
    },
    '&:focus-visible': focusRing,
  },
  '@media': { [PHONE_MEDIA]: { minHeight: TOUCH_TARGET } },
});
