/** The monthly sales report (admins only). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SalesReportParamsSchema, SalesReportSchema } from '../../domain/contract/report';
import { monthlySalesReport } from '../services/reports/monthly-sales';
import { json } from './answers';
import type { RouteDeps } from './route-deps';

export const reportRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database }) => {
  app.get(
    '/sales-reports/monthly/:year/:month.json',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['reports'],
        summary: 'Monthly sales: totals, by type and region, daily, and comparisons',
        params: SalesReportParamsSchema,
        response: { 200: json('The month, last month and the same month last year', SalesReportSchema) },
      },
    },
    async (request) => monthlySalesReport(database.db, request.params.year, request.params.month),
  );
};
