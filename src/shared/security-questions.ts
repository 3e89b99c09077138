/** The eight fixed security questions offered when an admin account is created (spec §3). */
export const securityQuestions = [
  "What is your first pet's name?",
  "What is your mother's maiden name?",
  'What city were you born in?',
  'What is the name of your elementary school?',
  'What is your favorite book?',
  'What was your childhood nickname?',
  "What is your favorite teacher's name?",
  'What street did you grow up on?',
] as const;

export type SecurityQuestion = (typeof securityQuestions)[number];
