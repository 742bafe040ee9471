import { defineModule } from '../platform/kernel/index.ts';
import { dashboardSections } from '../platform/dashboard/face.ts';
import { dashboardAdminRoutes } from './admin-routes.ts';

export const dashboardModule = defineModule({
  name: 'dashboard',
  create: ({ gather }) => ({ sections: gather(dashboardSections) }),
  // Routes are registered once every module is created, so the sections are all in.
  adminRoutes: async (scope, { sections }) => {
    const sources = [...sections].sort((a, b) => a.position - b.position).map((section) => section.read);
    await scope.register(dashboardAdminRoutes, { sources });
  },
});
