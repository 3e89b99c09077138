import {
  adminMessages,
  dialMessages,
  resetMessages,
  signInMessages,
  teamMessages,
} from './messages';

/**
 * Stable error codes. The server throws AppError(code); one handler turns a code into its
 * HTTP status and the body `{ error: { code, message } }`.
 */
export const errorCatalogue = {
  VALIDATION_FAILED: { status: 400, message: 'Invalid input' },
  BAD_REQUEST: { status: 400, message: 'The request could not be read' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large' },
  BODY_TOO_COMPLEX: {
    status: 400,
    message: 'The request body is nested too deeply or holds too many items',
  },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Requests must send JSON' },
  NOT_SIGNED_IN: { status: 401, message: 'User not authenticated' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this' },
  CROSS_ORIGIN: { status: 403, message: 'Cross-site requests are not allowed' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please try again later.' },
  INTERNAL: { status: 500, message: signInMessages.unexpected },
  UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable' },
  DATABASE_UNAVAILABLE: {
    status: 503,
    message: 'The database cannot be reached right now. Please try again in a moment.',
  },

  INVALID_CREDENTIALS: { status: 401, message: signInMessages.invalidCredentials },
  SIGN_IN_ERROR: { status: 500, message: signInMessages.queryError },

  CURRENT_PASSWORD_WRONG: { status: 400, message: 'Current password is incorrect' },
  SESSION_NOT_FOUND: { status: 404, message: 'Session not found' },
  SIGN_OUT_NOT_GONE_HOME: { status: 409, message: 'Set status to Gone Home to sign out' },

  CALL_NOT_FOUND: { status: 404, message: 'Call not found' },
  CALL_NOT_RINGING: { status: 409, message: 'This call is no longer ringing' },
  CALL_NOT_ACTIVE: { status: 409, message: 'This call is not in progress' },
  CALL_IN_PROGRESS: { status: 409, message: dialMessages.callInProgress },
  OUTBOUND_NEEDS_OUT_BOUND: { status: 409, message: dialMessages.needsOutBound },

  SETUP_ALREADY_DONE: { status: 403, message: 'Setup has already been completed' },

  RESET_USERNAME_NOT_FOUND: { status: 404, message: resetMessages.usernameNotFound },
  RESET_EMPLOYEE_REFUSED: { status: 403, message: resetMessages.employeeRefused },
  RESET_QUESTION_NOT_SET: { status: 409, message: resetMessages.questionNotSet },
  RESET_USER_NOT_FOUND: { status: 404, message: resetMessages.userNotFound },
  RESET_INCORRECT_ANSWER: { status: 400, message: resetMessages.incorrectAnswer },
  RESET_TOKEN_INVALID: { status: 400, message: resetMessages.tokenExpired },
  RESET_FAILED: { status: 500, message: resetMessages.failed },

  USERNAME_TAKEN: { status: 409, message: adminMessages.usernameTaken },
  TEAM_NAME_TAKEN: { status: 409, message: teamMessages.nameTaken },

  ADMIN_NOT_FOUND: { status: 404, message: 'Admin not found' },
  EMPLOYEE_NOT_FOUND: { status: 404, message: 'Employee not found' },
  TEAM_OUT_OF_SCOPE: { status: 403, message: 'You can only register employees into your own team' },
  TEAM_NOT_FOUND: { status: 404, message: 'Team not found' },
  MEMBER_NOT_FOUND: { status: 404, message: 'Member not found' },
  USER_NOT_FOUND: { status: 404, message: 'User not found' },
  ALREADY_IN_TEAM: { status: 409, message: 'This user is already a member of this team' },
  SUPER_ADMIN_NOT_DELETABLE: { status: 403, message: adminMessages.superAdminNotDeletable },
  SELF_NOT_DELETABLE: { status: 403, message: adminMessages.selfNotDeletable },
  MEMBER_IN_OTHER_TEAM: {
    status: 403,
    message: 'This user is in a team you do not lead: only a super admin can move them',
  },
  OWN_MEMBERSHIP_SUPER_ONLY: {
    status: 403,
    message: 'Only a super admin can change your own role or membership in a team',
  },
  ADMIN_REMOVAL_SUPER_ONLY: {
    status: 403,
    message: 'Only a super admin can remove an admin from a team',
  },
  WRAP_UP_CODE_REQUIRED: {
    status: 409,
    message: 'Choose a wrap-up code before leaving After Call Work',
  },
  WRAP_UP_CLOSED: {
    status: 409,
    message: 'A wrap-up code goes with an answered call, during it or its After Call Work',
  },
  WRAP_UP_CODE_UNKNOWN: { status: 400, message: "Choose one of your team's active wrap-up codes" },
  WRAP_UP_CODE_NOT_FOUND: { status: 404, message: 'Wrap-up code not found' },
  WRAP_UP_CODE_NAME_TAKEN: {
    status: 409,
    message: 'This team already has a wrap-up code with this name',
  },
  NOT_A_CANDIDATE: {
    status: 400,
    message: 'Only employees and admins who are not super admins can join a team',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export interface ErrorBody {
  error: { code: string; message: string; field?: string; retryAfterSeconds?: number };
}
