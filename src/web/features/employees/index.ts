/** What other parts of the web app may use from the employees feature. */
export { EmployeesPage } from './components/employees-page';
export { RegisterEmployeePage } from './components/register-employee-page';
