/**
 * Every string the user sees, verbatim from the product spec, in one place so stories and tests
 * import them instead of retyping them. Messages that come from the sdk (e.g. 'Invalid username or
 * password') live in `SDK_MESSAGES` of @parley/chat-sdk and are not repeated here.
 */
export const UI_STRINGS = {
  languagePicker: {
    defaultLabel: 'Select Language',
    searchPlaceholder: 'Search language...',
    noMatches: 'No matches found',
    fieldLabel: 'Language',
    searchLabel: 'Search languages',
    listLabel: 'Languages',
  },
  signIn: {
    heading: (product: string) => `Sign in to ${product}`,
    welcome: 'Welcome back! Please enter your credentials.',
    usernameLabel: 'Email or Username',
    usernamePlaceholder: 'Email or Username',
    passwordLabel: 'Password',
    passwordPlaceholder: 'Password',
    submit: 'Next',
    busy: 'Signing in...',
    forgotPassword: 'Forgot password?',
    forgotPasswordUnavailable: 'Password reset is not available yet.',
    noAccount: "Don't have an account?",
    signUp: 'Sign up',
  },
  registration: {
    title: 'Create Your Account',
    subtitle: 'Join the community and connect with the world in your own language.',
    usernameLabel: 'Username',
    genderLabel: 'Gender',
    genderPlaceholder: 'Select Gender',
    genders: { MALE: 'Male', FEMALE: 'Female', OTHER: 'Other' },
    emailLabel: 'Email',
    phoneLabel: 'Phone',
    passwordLabel: 'Password',
    submit: 'Create Account',
    busy: 'Creating account...',
    haveAccount: 'Already have an account?',
    login: 'Login',
    errors: {
      username: 'Username is required',
      gender: 'Gender is required',
      email: 'Email is required',
      phone: 'Phone is required',
      password: 'Password is required',
      language: 'Please select a language',
    },
  },
  notFound: {
    code: '404',
    title: 'Page Not Found',
    text: "Sorry, the page you're looking for doesn't exist or has been moved.",
    home: 'Go Back Home',
  },
  placeholder: {
    notBuilt: 'This screen is not built yet.',
    trackedIn: (issue: string) => `It is planned in ${issue}.`,
  },
  modal: {
    close: 'Close dialog',
  },
  toast: {
    regionLabel: 'Notifications',
    dismiss: 'Dismiss notification',
  },
  badge: {
    defaultLabel: 'unread',
  },
} as const;

export const ROUTES = {
  home: '/',
  login: '/login',
  register: '/register',
} as const;
