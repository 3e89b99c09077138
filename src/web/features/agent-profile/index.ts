/** What other parts of the web app may use from the agent profile feature. */
export { AgentProfilePage } from './components/agent-profile-page';
