// The dashboard module's public face: the back office's first page, built of the sections modules contribute at
// the platform's `dashboard.sections` point (server/platform/dashboard/face.ts), each reading its own figures.
export { dashboardModule } from './module.ts';
