import { expect, type Page } from '@playwright/test';

/** Opens a page and waits until React has hydrated it, so clicks reach their handlers. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  return response;
}

interface ReceivedMail {
  subject: string;
  text: string;
  html: string;
}

/** Waits for a mail to `to` whose subject matches, as the test SMTP server received it. */
export async function waitForMail(to: string, subject: RegExp): Promise<ReceivedMail> {
  const { MAIL_API_PORT } = await import('./mail-catcher.ts');
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (
          await fetch(`http://127.0.0.1:${MAIL_API_PORT}/mails?to=${encodeURIComponent(to)}`)
        ).json()) as ReceivedMail[];
        found = mails.reverse().find((mail) => subject.test(mail.subject));
        return Boolean(found);
      },
      { timeout: 20_000, message: `a mail to ${to} matching ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The path of the first link to `/prefix/…` in a mail, e.g. /verify-email/abc. */
export function linkPath(mail: ReceivedMail, prefix: string): string {
  const match = new RegExp(`https?://[^\\s/]+(/${prefix}/[\\w-]+)`).exec(mail.text);
  expect(match, `a /${prefix}/ link`).not.toBeNull();
  return match![1]!;
}
