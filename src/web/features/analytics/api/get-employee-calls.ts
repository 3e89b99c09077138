import { useQuery } from '@tanstack/react-query';
import { callLogSchema } from '../../../../shared/schemas/agent';
import { apiRequest } from '../../../lib/api-client';
import { analyticsQueryRoot } from '../../../lib/query-keys';

const employeeCallsPath = (employeeId: string) =>
  `/api/analytics/employees/${encodeURIComponent(employeeId)}/calls`;

/** One call of the employee with its notes, wrap-up code and transcript (the call's details). */
export const employeeCallPath = (employeeId: string, callId: string) =>
  `${employeeCallsPath(employeeId)}/${encodeURIComponent(callId)}`;

/** The employee's latest calls with an outcome, as their Activity Log lists them. */
export function useEmployeeCalls(employeeId: string) {
  return useQuery({
    queryKey: [...analyticsQueryRoot, 'employee-calls', employeeId],
    queryFn: ({ signal }) =>
      apiRequest(employeeCallsPath(employeeId), { schema: callLogSchema, signal }),
  });
}
