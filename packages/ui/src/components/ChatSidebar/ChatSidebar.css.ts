import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

export const sidebar = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.sm,
  minHeight: 0,
  height: '100%',
  boxSizing: 'border-box',
  padding: vars.spacing.md,
  background: vars.colors.surface.card,
  borderInlineEnd: `1px solid ${vars.colors.border.default}`,
});

export const panel = style({ flex: 1, minHeight: 0, overflowY: 'auto' });

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
  padding: vars.spacing.lg,
  textAlign: 'center',
  fontSize: vars.fonts.size.sm,
  color: vars.colors.text.secondary,
});

export const error = style([note, { color: vars.colors.text.danger }]);

export const footer = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.spacing.xs,
  paddingTop: vars.spacing.sm,
  borderTop: `1px solid ${vars.colors.border.default}`,
});

export const action = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.spacing.xs,
  minHeight: '2.75rem',
  padding: `${vars.spacing.xs} ${vars.spacing.sm}`,
  fontFamily: 'inherit',
  fontSize: vars.fonts.size.sm,
  fontWeight: vars.fonts.weight.medium,
  color: vars.colors.brand.primary,
  background: vars.colors.surface.raised,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.md,
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.colors.brand.subtle },
    '&:focus-visible': focusRing,
  },
});

/** The Messages heading of the search results under the matching chats. */
export const sectionTitle = style({
  margin: 0,
  padding: `${vars.spacing.sm} ${vars.spacing.md} ${vars.spacing.xxs}`,
  fontSize: vars.fonts.size.xs,
  fontWeight: vars.fonts.weight.bold,
  textTransform: 'uppercase',
  color: vars.colors.text.secondary,
});
