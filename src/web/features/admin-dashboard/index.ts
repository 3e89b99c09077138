/** What other parts of the web app may use from the admin dashboard feature. */
export { AdminDashboardPage } from './components/admin-dashboard-page';
