/** What other parts of the web app may use from the audit log (super admin) feature. */
export { AuditLogPage } from './components/audit-log-page';
