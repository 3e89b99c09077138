/** What other parts of the web app may use from the agent analytics feature. */
export { AgentAnalyticsPage } from './components/agent-analytics-page';
