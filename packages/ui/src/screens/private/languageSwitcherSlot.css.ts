import { style } from '@vanilla-extract/css';

/**
 * Where a signed-out page shows the app's interface-language switcher (issue 27): at the end of
 * the line (the right in English, the left in Arabic), in the page's flow so it never covers a form.
 */
export const languageSwitcherSlot = style({
  display: 'flex',
  justifyContent: 'flex-end',
  minWidth: 0,
});
