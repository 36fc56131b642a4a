/** GET /audit_events (admins): one page of the log with the screen's filters. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { AuditPageSchema } from '../../../domain/contract/audit';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import type { AuditFilters } from './audit-model';

/** One page (50) of the log, newest first; the last page stays while the next loads. */
export const auditQuery = (filters: AuditFilters, page: number) =>
  queryOptions({
    queryKey: queryKeys.audit.list({ ...filters, page }),
    queryFn: ({ signal }) =>
      api.get('audit_events', AuditPageSchema, { query: { ...filters, page }, signal }),
    placeholderData: keepPreviousData,
  });
