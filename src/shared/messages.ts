/**
 * The spec's exact user-facing strings (SPEC.md §5 and §8). UI and server both read them
 * from here so a message is never typed twice.
 */
export const validationMessages = {
  allFieldsRequired: 'All fields are required',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters',
  resetPasswordTooShort: 'Password must be at least 6 characters long',
  usernameAndPasswordRequired: 'Username and password are required',
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  answerRequired: 'Answer is required',
  teamRequired: 'Team is required',
  teamNameRequired: 'Team name is required',
} as const;

export const signInMessages = {
  invalidCredentials: 'Invalid username or password',
  queryError: 'An error occurred during sign in',
  unexpected: 'An unexpected error occurred',
  fallback: 'Sign in failed',
} as const;

export const resetMessages = {
  usernameNotFound: 'Username not found',
  employeeRefused: 'Contact with your supervisor!',
  questionNotSet: 'Security question not set up for this account',
  userNotFound: 'User not found',
  incorrectAnswer: 'Incorrect answer to security question',
  failed: 'Failed to reset password',
  tryAgain: 'An error occurred. Please try again.',
  success: 'Password reset successfully! You can now sign in with your new password.',
  tokenExpired: 'This reset has expired. Please start again.',
} as const;

/** Messages of spec validation rules: each already says which field it is about. */
export const fieldNamingMessages: ReadonlySet<string> = new Set(Object.values(validationMessages));
