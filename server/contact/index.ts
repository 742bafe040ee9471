// The contact module's public face (decision 0024): the contact form's messages, their tickets and mails, and the
// back office's inbox of them (decision 0035).
export { contactRoutes } from './routes.ts';
export { contactAdminRoutes } from './admin-routes.ts';
export { ContactService } from './service.ts';
export type { ContactInbox } from './inbox.ts';
export { contactModule, contactFace, type Contact } from './module.ts';
