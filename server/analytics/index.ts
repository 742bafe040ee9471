// The analytics module's public face (decision 0037): first-party page views and real visitors' Web Vitals.
export { analyticsRoutes } from './routes.ts';
export { analyticsAdminRoutes } from './admin-routes.ts';
export { AnalyticsService, type AnalyticsServiceOptions } from './service.ts';
export { analyticsModule, analyticsFace, type Analytics } from './module.ts';
