/**
 * Strings the user sees, verbatim from the spec, so ui and tests import rather than retype them.
 * They are the sdk's source catalog (issue 27): English here, translated in src/i18n/messages, read
 * through SDK_MESSAGES in the interface's locale.
 */
import { localize } from './i18n/catalog';
import { sdkCatalog } from './i18n/sdk-catalog';

/** The spec's {product}; partners rebrand through the ui's ParleyProvider. */
export const PRODUCT_NAME = 'Parley';

export const SDK_MESSAGE_SOURCE = {
  invalidCredentials: 'Invalid username or password',
  usernameTaken: 'Username already exists',
  emailTaken: 'Email already exists',
  socketUnauthenticated: 'WebSocket rejected due to unauthenticated session.',
  socketTooManyOpen: 'Parley is open in too many places; this one was disconnected.',
  planAlreadyHeld: 'You already have this subscription plan.',
  noPlanSpecified: 'No subscription plan specified.',
  checkoutFailed: 'Something went wrong while creating checkout session.',
  orgMinimumSeats: 'Minimum of 10 users required for Organization Plan.',
  joinOrgFailed: 'Failed to join. Invalid or expired invite token.',
  noMicrophone: 'No microphone detected.',
} as const;

export const SDK_MESSAGES = localize('sdk', SDK_MESSAGE_SOURCE, sdkCatalog());
