import { expect, test } from '@playwright/test';
import { open, waitForMail } from './helpers';

test('the contact form toasts its messages in field order, sends, clears, and both mails arrive', async ({ page }) => {
  test.slow(); // waits for two mails
  const email = `e2e-contact-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.in`;
  await open(page, '/contact-us');
  await expect(page.getByText("Need any further assistance? we're happy to help you.")).toBeVisible();
  // The shop's own address, as the footer shows it: where messages are mailed.
  const shopEmail = (await page.locator('footer a[href^="mailto:"]').first().getAttribute('href'))!.slice(7);

  const fields = {
    fullname: page.getByLabel('Full name'),
    email: page.getByLabel('Email'),
    phone: page.getByLabel('Phone'),
    message: page.getByLabel('Message', { exact: true }),
  };
  const sendShowing = async (toast: string) => {
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status').filter({ hasText: toast })).toBeVisible();
  };
  await sendShowing('Enter Name');
  await fields.fullname.fill('As');
  await sendShowing('Enter Fullname');
  await fields.fullname.fill('Asha Verma');
  await sendShowing('Enter Email');
  await fields.email.fill('asha@');
  await sendShowing('Email is not valid');
  await fields.email.fill(email);
  await sendShowing('Enter Phone Number');
  await fields.phone.fill('9876543210');
  await sendShowing('Enter your Message');
  await fields.message.fill('Is the brass diya set back in stock?\nI would like two.');
  await sendShowing('Sent Successfully');
  for (const field of Object.values(fields)) await expect(field).toHaveValue('');

  const acknowledgement = await waitForMail(email, /^We received your message: ticket #\d+$/);
  expect(acknowledgement.text).toContain('within 48 hours');
  const ticket = /#\d+/.exec(acknowledgement.subject)![0];
  const toShop = await waitForMail(shopEmail, new RegExp(`^\\[Ticket ${ticket}\\] Message from Asha Verma$`));
  expect(toShop.text).toContain(email);
  expect(toShop.text).toContain('Is the brass diya set back in stock?\nI would like two.');
});
