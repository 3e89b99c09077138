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
/**
 * Every analytics view's data (team cards, employee cards, an employee's detail): what
 * registering, editing or deleting an employee and any team change alter too.
 */
export const analyticsQueryRoot = ['analytics'] as const;
/** The live floor view (`/admin/live`), kept current by the live socket. */
export const floorQueryKey = ['floor'] as const;

/**
 * The agent's own state (status, timers, the ringing or active call): one copy that the shell,
 * the dashboard and the Active Call modal share, kept current by the live socket.
 */
export const agentStateQueryKey = ['agent', 'state'] as const;
/** What calls change besides that state: the Activity Log and today's totals. */
export const agentActivityQueryRoot = ['agent', 'activity'] as const;
/** The signed-in user's own profile. */
export const profileQueryKey = ['me', 'profile'] as const;
export const voiceIdentitiesQueryKey = ['voice', 'identities'] as const;
