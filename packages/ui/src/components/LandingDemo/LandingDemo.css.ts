import { style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';

export const demo = style({
  background: vars.colors.surface.card,
  borderRadius: vars.radii.lg,
  padding: vars.spacing.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.md,
  boxShadow: vars.shadows.card,
  // The panes sit side by side when there is room for two readable bubbles, else one above the other.
  containerType: 'inline-size',
});

export const top = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.spacing.md,
  flexWrap: 'wrap',
});

export const heading = style({ margin: 0, fontSize: vars.fonts.size.lg });

export const intro = style({ margin: 0, color: vars.colors.text.secondary });

export const pause = style({
  font: 'inherit',
  fontSize: vars.fonts.size.sm,
  padding: `${vars.spacing.xs} ${vars.spacing.md}`,
  border: `1px solid ${vars.colors.border.default}`,
  borderRadius: vars.radii.full,
  background: 'transparent',
  color: vars.colors.text.primary,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { background: vars.colors.surface.page },
    '&:focus-visible': focusRing,
  },
});

export const stage = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.spacing.md,
  '@container': { '(min-width: 36rem)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const pane = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.spacing.xs,
  borderRadius: vars.radii.md,
  paddingBlock: vars.spacing.sm,
  overflow: 'hidden',
});

export const paneLabel = style({
  margin: 0,
  paddingInline: vars.spacing.md,
  fontSize: vars.fonts.size.sm,
  fontWeight: vars.fonts.weight.medium,
});

/**
 * A fixed height, so the page below never moves as messages arrive; the newest message sits at the
 * bottom and the oldest leave over the top, as in a chat scrolled to its end.
 */
export const messages = style({
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'flex-end',
  gap: vars.spacing.xs,
  height: '23rem',
  overflow: 'hidden',
});
