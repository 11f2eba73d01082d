import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/contract.css';
import { iconButton } from '../private/recorderControls.css';

/** A line of explanation beside the controls (live talk: who hears you). */
export const hint = style({
  flex: 1,
  minWidth: '8rem',
  color: vars.colors.text.secondary,
  fontSize: vars.fonts.size.sm,
});

/** An error that shares the row with its Close button. */
export const inlineError = style({
  flex: 1,
  margin: 0,
  color: vars.colors.text.danger,
  fontSize: vars.fonts.size.sm,
});

/** The round outline button with a word instead of an icon (live talk's Close). */
export const textButton = style([
  iconButton,
  { width: 'auto', minWidth: '2.75rem', padding: `0 ${vars.spacing.md}` },
]);
