// The dashboard module's public face: the back office's first page, built of sections the composition root
// (server/app.ts) hands in as functions, so any module's figures can join without this module knowing it.
export { dashboardAdminRoutes, type DashboardSource } from './admin-routes.ts';
export {
  lowStockSection,
  ordersSection,
  unreadMessagesSection,
  webVitalsSection,
  DASHBOARD_LOW_STOCK_ROWS,
} from './sections.ts';
export { dashboardModule, dashboardSections, type DashboardContribution } from './module.ts';
