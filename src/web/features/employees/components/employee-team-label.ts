import { employeeMessages } from '../../../../shared/messages';
import type { EmployeeRow } from '../../../../shared/schemas/employees';

/** Spec §2 'Employees page' Team column: the team's name, 'Unknown Team' or 'No Team'. */
export function employeeTeamLabel(employee: EmployeeRow) {
  if (!employee.team) return employeeMessages.noTeam;
  return employee.team.name.trim() ? employee.team.name : employeeMessages.unknownTeam;
}
