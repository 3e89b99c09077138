/** The wrap-up codes a team starts with; renamed or deactivated as the team likes. */
export const DEFAULT_WRAP_UP_CODES = ['Resolved', 'Follow-up needed', 'Escalated', 'Wrong number'];

/** A call answered and ended with no code: how analytics and the CSV name it. */
export const NO_WRAP_UP_CODE = 'No wrap-up code';
