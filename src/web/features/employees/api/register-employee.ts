import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  employeeResponseSchema,
  type registerEmployeeSchema,
} from '../../../../shared/schemas/employees';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterEmployeeChange } from './refresh-after-employee-change';

export type NewEmployee = z.output<typeof registerEmployeeSchema>;

/** Registers an employee (role employee, member of the chosen team). */
export async function registerEmployee(employee: NewEmployee) {
  const response = await apiRequest('/api/employees', {
    method: 'POST',
    body: employee,
    schema: employeeResponseSchema,
  });
  return response.employee;
}

export function useRegisterEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerEmployee,
    onSuccess: () => refreshAfterEmployeeChange(queryClient),
  });
}
