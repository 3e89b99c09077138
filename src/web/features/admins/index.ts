/** What other parts of the web app may use from the admins feature. */
export { AdminsPage } from './components/admins-page';
