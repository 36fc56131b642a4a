/** The audit log (admins only): a filtered page, and the same filters as a CSV file (itself recorded). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditPageSchema, AuditQuerySchema } from '../../domain/contract/audit';
import { londonToday } from '../../domain/format';
import { exportAuditCsv, listAuditEvents } from '../services/audit/list';
import { auditActorOf, recordAudit } from '../services/audit/record';
import { file, json } from './answers';
import type { RouteDeps } from './route-deps';

const tags = ['audit'];

export const auditRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database }) => {
  const { db } = database;

  app.get(
    '/audit_events.json',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary:
          'Who did what: the audit log, 50 a page, newest first, filtered by actor, kind, target and days',
        description:
          'A `target` that holds an @ is taken as a customer e-mail address and matched through the keyed ' +
          'hash the log names customers by (it never stores their address).',
        querystring: AuditQuerySchema,
        response: { 200: json('A page of the log', AuditPageSchema) },
      },
    },
    async (request) => listAuditEvents(db, request.query),
  );

  app.get(
    '/audit_events.csv',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        // The .json route of the same path is getAuditEvents.
        operationId: 'getAuditEventsCsv',
        summary: 'The audit log as a CSV file, with the same filters (at most 100,000 rows, newest first)',
        description:
          'Columns: When, Kind, Actor, Address, User agent, Target type, Target, Summary, Before, After.',
        querystring: AuditQuerySchema,
        response: { 200: file('The CSV file (UTF-8 with a byte order mark)', ['text/csv']) },
      },
    },
    async (request, reply) => {
      const { page: _page, ...filters } = request.query;
      const { csv, rows } = await exportAuditCsv(db, filters);
      await recordAudit(db, auditActorOf(request), {
        kind: 'export.audit_csv',
        targetType: 'audit_log',
        summary: `Exported ${rows} audit log row${rows === 1 ? '' : 's'} as CSV`,
        after: { filters, rows },
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${londonToday(new Date())}.csv"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(Buffer.from(csv, 'utf8'));
    },
  );
};
