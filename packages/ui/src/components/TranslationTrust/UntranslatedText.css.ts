import { style } from '@vanilla-extract/css';

/**
 * A word the engine left as written: a dotted underline in the bubble's own colour (every chat
 * theme), as spell checkers mark words they do not know; the help cursor says there is a note.
 */
export const untranslated = style({
  textDecorationLine: 'underline',
  textDecorationStyle: 'dotted',
  textDecorationThickness: '2px',
  textUnderlineOffset: '3px',
  cursor: 'help',
});

/** 'Thanks — reported.' under the bubble: quiet, like the time; empty takes no room. */
export const reportStatus = style({
  fontSize: '0.75rem',
  opacity: 0.85,
  selectors: { '&:empty': { display: 'none' } },
});
