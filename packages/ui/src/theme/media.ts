/**
 * The phone layout's media query (issue 14): at most 40rem (640 px) wide, screens go single-pane,
 * modals become sheets and every control is a 44 px touch target. Tablets and desktops are wider.
 */
export const PHONE_MEDIA = 'screen and (max-width: 40rem)';

/** The smallest touch target on a phone (WCAG 2.5.5; Apple's and Google's guides). */
export const TOUCH_TARGET = '2.75rem';
