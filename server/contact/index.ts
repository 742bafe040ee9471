// The contact module's public face (decision 0024): the contact form's messages, their tickets and mails.
export { contactRoutes } from './routes.ts';
export { ContactService } from './service.ts';
