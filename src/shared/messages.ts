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
  selectUser: 'Select a user',
  chooseTeam: 'Choose a team from the list',
  passwordUnchanged: 'The new password must differ from the current one',
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

export const employeeMessages = {
  registered: 'Employee registered successfully',
  registerFailed: 'Failed to register employee',
  unexpected: 'An unexpected error occurred',
  usernameTaken: 'Username already exists',
  loadFailed: 'Failed to load employees',
  loading: 'Loading employees...',
  updated: 'Employee updated successfully',
  updateFailed: 'Failed to update employee',
  deleted: 'Employee deleted successfully',
  deleteFailed: 'Failed to delete employee',
  noSearchResults: 'No employees found matching your search',
  noneYet: 'No employees registered yet',
  unknownTeam: 'Unknown Team',
  noTeam: 'No Team',
  noRecentActivity: 'No recent activity',
} as const;

export const adminMessages = {
  loadFailed: 'Failed to load admins',
  unexpected: 'An unexpected error occurred',
  added: 'Admin added successfully',
  addFailed: 'Failed to add admin',
  updated: 'Admin updated successfully',
  updateFailed: 'Failed to update admin',
  deleted: 'Admin deleted successfully',
  deleteFailed: 'Failed to delete admin',
  usernameTaken: 'Username already exists',
  superAdminNotDeletable: 'Super admins cannot be deleted',
  selfNotDeletable: 'You cannot delete your own account',
  noSearchResults: 'No admins found matching your search',
  noneYet: 'No admins registered yet',
} as const;

export const teamMessages = {
  notAuthenticated: 'User not authenticated',
  loadFailed: 'Failed to load teams',
  membersLoadFailed: 'Failed to load team members',
  created: 'Team created successfully',
  createFailed: 'Failed to create team',
  nameTaken: 'Team name already exists',
  updated: 'Team updated successfully',
  updateFailed: 'Failed to update team',
  deleted: 'Team deleted successfully',
  deleteFailed: 'Failed to delete team',
  memberAdded: 'Member added successfully',
  addMemberFailed: 'Failed to add member',
  memberRemoved: 'Member removed successfully',
  removeMemberFailed: 'Failed to remove member',
  roleUpdateFailed: 'Failed to update role',
  promoted: 'Member role updated to Leader',
  demoted: 'Member role updated to Member',
  deleteWarning: 'All team members will be removed from this team.',
  noneFound: 'No teams found',
  hintSearch: 'Try adjusting your search',
  hintCreate: 'Create your first team to get started',
  noMembers: 'No members in this team yet',
  noTeamsAvailable: 'No teams available. Create teams to organize your employees.',
} as const;

/** A call the agent cannot place now: the server's refusal and the dialer's hint say the same. */
export const dialMessages = {
  callInProgress: 'Finish the current call first',
  needsOutBound: 'Set status to Out Bound to place a call',
} as const;

/** Messages of spec validation rules: each already says which field it is about. */
export const fieldNamingMessages: ReadonlySet<string> = new Set(Object.values(validationMessages));
