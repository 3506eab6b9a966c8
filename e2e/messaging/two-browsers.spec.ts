import { expect, listening, test } from '../support/fixtures';
import { demoLogin, personAt, toastOn } from '../support/live';

// Both tests read the same pair's conversation; one after the other, neither reads the other's messages.
test.describe.configure({ mode: 'serial' });

/**
 * Two browsers, the demo practitioner (A) and the demo patient (B), who are on each other's care team.
 * Only this spec writes between them, so the counts it reads are its own.
 */
test('A writes to B: toast, badge and message for B; Delivered then Read for A; typing shows and clears', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const practitioner = await demoLogin(request, 'practitioner');
  const patient = await demoLogin(request, 'patient');
  const b = await personAt(browser, patient.token, '/');
  const a = await personAt(browser, practitioner.token, `/messages?with=${patient.user.id}`);
  try {
    await expect(b.page.getByRole('heading', { level: 1 })).toBeVisible();
    await listening(b.page, 'messaging');
    await listening(a.page, 'messaging');
    const composer = a.page.getByLabel('Message to Pat Morgan');
    await expect(composer).toBeVisible();
    const content = `How is the knee today? ${Date.now()}`;
    await composer.fill(content);
    await composer.press('Enter');
    await expect(composer).toHaveValue('');

    // B, on the dashboard: the toast, the unread count on My Messages.
    const toast = toastOn(b.page);
    await expect(toast).toContainText('New Message');
    await expect(toast).toContainText('Riley Chen sent you a new message');
    const myMessages = b.page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', {
      name: /My Messages/,
    });
    await expect(myMessages).toContainText(/\d+ unread/);

    // A: B's browser confirmed delivery.
    const sent = a.page.getByRole('log').getByRole('listitem').filter({ hasText: content });
    await expect(sent).toContainText('Delivered');

    // B opens the conversation: the message is there, and A sees it read.
    await myMessages.click();
    await expect(b.page).toHaveURL('/messages');
    // In the conversation list: the page B leaves may show Riley Chen's notes as links too.
    await b.page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: /Riley Chen/ })
      .click();
    await expect(b.page).toHaveURL(`/messages?with=${practitioner.user.id}`);
    await expect(b.page.getByRole('log').getByText(content)).toBeVisible();
    await expect(sent).toContainText('Read');
    await expect(sent).not.toContainText('Delivered');

    // A types: B sees it, and it clears once A pauses for 3 s.
    const typing = b.page.getByText('Riley is typing…');
    const reply = `See you on ${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
    await composer.pressSequentially(reply, { delay: 50 });
    await expect(typing).toBeVisible();
    await expect(typing).toBeHidden({ timeout: 24_000 });
    await composer.press('Enter');
    await expect(b.page.getByRole('log').getByText(reply)).toBeVisible();
    // The reply reached an open conversation: read at once, and no toast for it.
    await expect(a.page.getByRole('log').getByRole('listitem').filter({ hasText: reply })).toContainText(
      'Read',
    );
  } finally {
    await a.close();
    await b.close();
  }
});

test('the open conversation is in the address and survives a reload, on a small screen too', async ({
  browser,
  request,
}) => {
  const practitioner = await demoLogin(request, 'practitioner');
  const patient = await demoLogin(request, 'patient');
  const b = await personAt(browser, patient.token, `/messages?with=${practitioner.user.id}`);
  try {
    await b.page.setViewportSize({ width: 390, height: 800 });
    await expect(b.page.getByRole('heading', { level: 2, name: 'Riley Chen' })).toBeVisible();
    await b.page.reload();
    await expect(b.page.getByRole('heading', { level: 2, name: 'Riley Chen' })).toBeVisible();
    await expect(b.page.getByLabel('Message to Riley Chen')).toBeVisible();
    await b.page.getByRole('link', { name: 'Back to conversations' }).click();
    await expect(b.page).toHaveURL('/messages');
    await expect(b.page.getByRole('list', { name: 'Conversations' })).toBeVisible();
  } finally {
    await b.close();
  }
});
