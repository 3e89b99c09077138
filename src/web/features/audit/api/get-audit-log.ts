import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type AuditFilter, auditLogPageSchema } from '../../../../shared/schemas/audit';
import { apiRequest } from '../../../lib/api-client';

export const auditQueryRoot = ['audit'] as const;

/** `path?…` with the filter's non-empty values (and the page cursor). */
function withFilter(path: string, filter: AuditFilter, before?: string) {
  const query = new URLSearchParams();
  const search = filter.search?.trim();
  if (search) query.set('search', search);
  if (filter.from) query.set('from', filter.from);
  if (filter.to) query.set('to', filter.to);
  if (before) query.set('before', before);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** One page of the audit log, newest first; `before` is the previous page's `nextBefore`. */
export function getAuditLogPage(filter: AuditFilter, before?: string, signal?: AbortSignal) {
  return apiRequest(withFilter('/api/audit', filter, before), {
    schema: auditLogPageSchema,
    signal,
  });
}

/** The CSV of the filtered log, downloaded by a plain link (the server names the file). */
export function auditCsvHref(filter: AuditFilter) {
  return withFilter('/api/audit/export.csv', filter);
}

/** The filtered log, page by page ('Load more' asks for the next one). */
export function useAuditLog(filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: [
      ...auditQueryRoot,
      { search: filter.search?.trim() ?? '', from: filter.from ?? '', to: filter.to ?? '' },
    ],
    queryFn: ({ pageParam, signal }) => getAuditLogPage(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextBefore ?? undefined,
    // A new filter keeps the last entries on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
