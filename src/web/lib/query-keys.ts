/**
 * Query keys that more than one feature touches: a change on the Teams page alters the
 * Admins page's team column, and an added admin alters a team's member count. Each feature
 * builds its own keys under these roots, so invalidating a root refreshes all of them.
 */
export const adminsQueryRoot = ['admins'] as const;
export const teamsQueryRoot = ['teams'] as const;
/** The Employees page and what registering, editing or deleting an employee changes. */
export const employeesQueryRoot = ['employees'] as const;
/** The admin dashboard's figures: employee counts, teams, calls, recent registrations. */
export const dashboardQueryRoot = ['dashboard'] as const;
