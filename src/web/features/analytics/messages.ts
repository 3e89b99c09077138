import { employeeMessages, teamMessages } from '../../../shared/messages';

/**
 * The analytics page's words: the spec's exact strings (§2, §8) and the few of our own for
 * what goes beyond it (ranges, metrics, CSV).
 */
export const analyticsMessages = {
  loading: 'Loading analytics...',
  loadingTrends: 'Loading trends...',
  noStatusTime: 'No status time in this range',
  offShiftLeftOut: 'Time off shift is not shown.',
  refreshing: 'Refreshing...',
  noTeams: teamMessages.noTeamsAvailable,
  noTeam: employeeMessages.noTeam,
  noTeamDescription: 'Employees without a team',
  noStatusData: 'No status data available',
  newEmployee: 'New Employee',
  notAnswered: 'Not Answered',
  deleteFailed: employeeMessages.deleteFailed,
  unexpected: employeeMessages.unexpected,
  deleted: employeeMessages.deleted,
  noSearchResults: employeeMessages.noSearchResults,
  noEmployees: employeeMessages.noneYet,
  noFlaggedEmployees: 'No flagged employees in this range',
  exportCsv: 'Export CSV',
} as const;
