/**
 * What other parts of the web app may use from the account security feature: your own
 * password and sessions, on the agent's Profile and the admin's Account page.
 */
export { ChangePasswordForm } from './components/change-password-form';
export { SessionsPanel } from './components/sessions-panel';
export { AccountSection } from './components/account-section';
