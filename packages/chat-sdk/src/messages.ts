/** Strings the user sees, verbatim from the spec, so ui and tests import rather than retype them. */

/** The spec's {product}; partners rebrand through the ui's ParleyProvider. */
export const PRODUCT_NAME = 'Parley';

export const SDK_MESSAGES = {
  invalidCredentials: 'Invalid username or password',
  usernameTaken: 'Username already exists',
  emailTaken: 'Email already exists',
  socketUnauthenticated: 'WebSocket rejected due to unauthenticated session.',
} as const;
