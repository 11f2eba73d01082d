import { style } from '@vanilla-extract/css';
import { focusRing } from '../../../theme/baseTheme.css';
import { vars } from '../../../theme/contract.css';

/** Attach and mic buttons. */
export const tool = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '2.75rem',
  height: '2.75rem',
  color: vars.colors.text.secondary,
  background: 'transparent',
  border: 0,
  borderRadius: vars.radii.full,
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': {
      color: vars.colors.text.primary,
      background: vars.colors.surface.raised,
    },
    '&:focus-visible': focusRing,
    '&:disabled': { cursor: 'not-allowed', opacity: 0.5 },
  },
});
