import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { employeeAnalyticsDetailSchema } from '../../../../shared/schemas/analytics';
import { apiRequest } from '../../../lib/api-client';
import { apiPath } from '../range';
import { analyticsQueryRoot } from '../../../lib/query-keys';

/** One employee's pie, status table and metrics in the range (within the viewer's scope). */
export function getEmployeeDetail(
  employeeId: string,
  range: Record<string, string>,
  signal?: AbortSignal,
) {
  return apiRequest(apiPath(`/api/analytics/employees/${encodeURIComponent(employeeId)}`, range), {
    schema: employeeAnalyticsDetailSchema,
    signal,
  });
}

/** Whether `employeeId` (from the address bar) can name an employee at all: ids are UUIDs. */
export function isEmployeeId(employeeId: string | undefined): employeeId is string {
  return z.uuid().safeParse(employeeId).success;
}

/** Asks only for an id that can name an employee: any other is 'Employee not found' at once. */
export function useEmployeeDetail(employeeId: string | undefined, range: Record<string, string>) {
  return useQuery({
    queryKey: [...analyticsQueryRoot, 'employee', employeeId, range],
    queryFn: ({ signal }) => getEmployeeDetail(employeeId ?? '', range, signal),
    enabled: isEmployeeId(employeeId),
    // Only a new range keeps the figures on screen: another employee's never stand in.
    placeholderData: (previous) => (previous?.employee.id === employeeId ? previous : undefined),
  });
}
