import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AuditFilter, auditLogPageSchema } from '../../../../shared/schemas/audit';
import { apiRequest } from '../../../lib/api-client';

export const auditQueryRoot = ['audit'] as const;

/** A page of the log (`queryString`: search, days, sort, page, page size). */
export function getAuditLog(queryString: string, signal?: AbortSignal) {
  return apiRequest(`/api/audit${queryString ? `?${queryString}` : ''}`, {
    schema: auditLogPageSchema,
    signal,
  });
}

/** The CSV of the filtered log, downloaded by a plain link (the server names the file). */
export function auditCsvHref(filter: AuditFilter) {
  const query = new URLSearchParams();
  const search = filter.search?.trim();
  if (search) query.set('search', search);
  if (filter.from) query.set('from', filter.from);
  if (filter.to) query.set('to', filter.to);
  const text = query.toString();
  return text ? `/api/audit/export.csv?${text}` : '/api/audit/export.csv';
}

export const auditLogQuery = (queryString: string) =>
  queryOptions({
    queryKey: [...auditQueryRoot, queryString],
    queryFn: ({ signal }) => getAuditLog(queryString, signal),
    // While the next page or filter loads, the last one stays on screen instead of a blank table.
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (queryString: string) => useQuery(auditLogQuery(queryString));
