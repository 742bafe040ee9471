// The back office's dashboard as modules contribute to it (decision 0061): each module reads its own figures.
import type { DashboardSection } from '../../../core/contracts/admin-dashboard.ts';
import { extensionPoint } from '../kernel/face.ts';

/** One section's figures, read when the page is asked for. */
export type DashboardSource = () => Promise<DashboardSection>;

/** A module's section of the back office's dashboard; the page shows them by `position`, lowest first. */
export interface DashboardContribution {
  position: number;
  read: DashboardSource;
}

export const dashboardSections = extensionPoint<DashboardContribution>('dashboard.sections');
