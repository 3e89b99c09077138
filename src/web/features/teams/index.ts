/** What other parts of the web app may use from the teams feature. */
export { TeamsPage } from './components/teams-page';
export { CreateTeamModal } from './components/create-team-modal';
export { useTeams } from './api/get-teams';
