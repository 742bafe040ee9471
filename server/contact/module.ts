import { z } from 'zod';
import { contribute, defineModule } from '../platform/kernel/index.ts';
import { RateLimiter } from '../platform/http/rate-limit.ts';
import { databaseFace, rateLimitsFace, shopFace } from '../platform/faces.ts';
import { auditFace } from '../platform/audit/face.ts';
import { mailFace } from '../platform/mail/face.ts';
import { dashboardSections } from '../platform/dashboard/face.ts';
import { unreadMessagesSection } from './dashboard-section.ts';
import { ContactService } from './service.ts';
import { contactRoutes } from './routes.ts';
import { contactAdminRoutes } from './admin-routes.ts';

export interface Contact {
  contact: ContactService;
}

export const contactModule = defineModule({
  name: 'contact',
  settings: z.object({
    /**
     * Contact-form messages one client address may send per hour: room for a household or an office behind one
     * address, too little for a script to fill the shop's inbox (each message is two mails).
     */
    CONTACT_MESSAGES_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(10),
  }),
  needs: { database: databaseFace, shop: shopFace, rateLimits: rateLimitsFace, mail: mailFace, audit: auditFace },
  create: ({ settings, needs: { database, shop, rateLimits, mail, audit } }): Contact => ({
    contact: new ContactService({
      database,
      outbox: mail.outbox,
      audit: audit.audit,
      messagesPerHour: settings.CONTACT_MESSAGES_PER_HOUR,
      limiter: new RateLimiter(rateLimits),
      shopName: shop.name,
      shopEmail: shop.email,
    }),
  }),
  routes: async (app, { contact }) => {
    await app.register(contactRoutes, { contact });
  },
  adminRoutes: async (scope, { contact }) => {
    await scope.register(contactAdminRoutes, { inbox: contact.inbox });
  },
  contributes: [
    contribute(dashboardSections, ({ contact }: Contact) => ({
      position: 30,
      read: () => unreadMessagesSection(() => contact.unreadCount()),
    })),
  ],
});
