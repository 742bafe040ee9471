// The inbox's section of the back office's dashboard (decision 0061).
import type { DashboardSection } from '../../core/contracts/admin-dashboard.ts';

/** Contact messages no admin has read yet (the contact module's `unreadCount`). */
export async function unreadMessagesSection(unreadCount: () => Promise<number>): Promise<DashboardSection> {
  const unread = await unreadCount();
  return {
    key: 'messages',
    title: 'Messages',
    href: '/admin/messages?status=unread',
    figures: [
      {
        label: 'Unread messages',
        value: unread,
        unit: 'count',
        tone: unread === 0 ? 'good' : 'warning',
        href: '/admin/messages?status=unread',
      },
    ],
  };
}
