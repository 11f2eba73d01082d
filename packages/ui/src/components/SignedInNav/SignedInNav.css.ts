import { globalStyle, style } from '@vanilla-extract/css';
import { focusRing } from '../../theme/baseTheme.css';
import { vars } from '../../theme/contract.css';
import { PHONE_MEDIA } from '../../theme/media';

const TOP = '3.5rem';
const BOTTOM = '3.75rem';

export const topBar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.spacing.md,
  height: TOP,
  boxSizing: 'border-box',
  padding: `0 ${vars.spacing.lg}`,
  background: vars.colors.surface.card,
  color: vars.colors.text.primary,
  borderBottom: `1px solid ${vars.colors.border.default}`,
  '@media': { [PHONE_MEDIA]: { display: 'none' } },
});

export const topNav = style({ minWidth: 0 });

export const topLinks = style({
  display: 'flex',
  gap: vars.spacing.xs,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const topLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '2.5rem',
  padding: `0 ${vars.spacing.md}`,
  color: vars.colors.text.secondary,
  fontWeight: vars.fonts.weight.medium,
  textDecoration: 'none',
  borderRadius: vars.radii.full,
  selectors: {
    '&:hover': { background: vars.colors.surface.raised },
    '&[aria-current="page"]': {
      color: vars.colors.brand.primary,
      background: vars.colors.surface.raised,
    },
    '&:focus-visible': focusRing,
  },
});

export const bottomBar = style({
  display: 'none',
  '@media': {
    [PHONE_MEDIA]: {
      display: 'block',
      position: 'fixed',
      insetInline: 0,
      bottom: 0,
      zIndex: 10,
      height: BOTTOM,
      paddingBottom: 'env(safe-area-inset-bottom)',
      background: vars.colors.surface.card,
      borderTop: `1px solid ${vars.colors.border.default}`,
    },
  },
});

export const tabs = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(5, minmax(0, 1fr))',
  height: '100%',
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

export const tab = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.spacing.xxs,
  height: '100%',
  fontSize: vars.fonts.size.xs,
  color: vars.colors.text.secondary,
  textDecoration: 'none',
  selectors: {
    '&[aria-current="page"]': {
      color: vars.colors.brand.primary,
      fontWeight: vars.fonts.weight.bold,
    },
    '&:focus-visible': focusRing,
  },
});

export const tabAvatar = style({
  display: 'inline-flex',
  transform: 'scale(0.75)',
  margin: '-0.25rem',
});

// The bars' heights, for full-height screens (ChatView) and for the page's foot on phones.
globalStyle(`:root:has(${topBar})`, {
  vars: { '--parley-nav-top': TOP, '--parley-nav-bottom': '0px' },
  '@media': {
    [PHONE_MEDIA]: { vars: { '--parley-nav-top': '0px', '--parley-nav-bottom': BOTTOM } },
  },
});
// A conversation open on a phone keeps the whole height: the composer sits at the foot.
globalStyle(`:root:has([data-pane="conversation"]) ${bottomBar}`, { display: 'none' });
globalStyle(`:root:has(${topBar}):has([data-pane="conversation"])`, {
  '@media': { [PHONE_MEDIA]: { vars: { '--parley-nav-bottom': '0px' } } },
});
globalStyle(`body:has(${bottomBar})`, { paddingBottom: 'var(--parley-nav-bottom, 0px)' });
