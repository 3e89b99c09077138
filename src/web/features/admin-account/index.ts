/** What other parts of the web app may use from the admin account feature. */
export { AdminAccountPage } from './components/admin-account-page';
