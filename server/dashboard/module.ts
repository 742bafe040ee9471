import { defineModule, extensionPoint } from '../platform/kernel/index.ts';
import { dashboardAdminRoutes, type DashboardSource } from './admin-routes.ts';

/** A module's section of the back office's dashboard; the page shows them by `position`, lowest first. */
export interface DashboardContribution {
  position: number;
  read: DashboardSource;
}

export const dashboardSections = extensionPoint<DashboardContribution>('dashboard.sections');

export const dashboardModule = defineModule({
  name: 'dashboard',
  create: ({ gather }) => ({ sections: gather(dashboardSections) }),
  // Routes are registered once every module is created, so the sections are all in.
  adminRoutes: async (scope, { sections }) => {
    const sources = [...sections].sort((a, b) => a.position - b.position).map((section) => section.read);
    await scope.register(dashboardAdminRoutes, { sources });
  },
});
