import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../platform/audit/actor.ts';
import { route } from '../platform/http/endpoint-route.ts';
import { analyticsReportEndpoint } from '../../core/contracts/analytics.ts';
import type { AnalyticsService } from './service.ts';

interface AnalyticsAdminRouteOptions {
  analytics: AnalyticsService;
}

/** The back office's analytics (decision 0037); the admin guard lets only admins reach it. */
export const analyticsAdminRoutes: FastifyPluginAsyncZod<AnalyticsAdminRouteOptions> = async (app, { analytics }) => {
  route(app, analyticsReportEndpoint, {
    schema: {
      tags: ['admin'],
      summary: "Page views per day and page type, and each Core Web Vital's p75 per page type beside its thresholds",
      description:
        "`from` and `to` are days in India's calendar, inclusive: by default the four weeks to today, at most " +
        '366 days. Web Vitals are kept 90 days. A p75 is rated good at or under `good`, poor above `poor`.',
    },
    handler: async (request) => {
      actorOf(request);
      return analytics.report(request.query);
    },
  });
};
