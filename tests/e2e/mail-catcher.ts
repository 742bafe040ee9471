// The end-to-end suite's SMTP server: the shop under test sends its mail here, and tests read it over HTTP.
import { createServer } from 'node:http';
import { startSmtpServer } from '../../server/testing/smtp-server.ts';

export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
export const MAIL_API_PORT = SMTP_PORT + 1;

/** Starts the SMTP server and an HTTP view of what it received: GET /mails?to=address. Returns a stopper. */
export async function startMailCatcher(): Promise<() => Promise<void>> {
  const smtp = await startSmtpServer(SMTP_PORT);
  const api = createServer((request, response) => {
    const to = new URL(request.url ?? '/', 'http://localhost').searchParams.get('to');
    const mails = smtp.received
      .filter((mail) => !to || (mail.to && !Array.isArray(mail.to) && mail.to.text === to))
      .map((mail) => ({ subject: mail.subject, text: mail.text, html: mail.html }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
  });
  await new Promise<void>((resolve) => api.listen(MAIL_API_PORT, '127.0.0.1', resolve));
  return async () => {
    api.close();
    await smtp.close();
  };
}
