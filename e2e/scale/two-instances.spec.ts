import { apiLogin, DEMO_PASSWORD, demoAccount } from '../support/accounts';
import { expect, listening, test } from '../support/fixtures';
import { personAt, toastOn } from '../support/live';
import { SCALE_URLS } from '../support/ports';

/**
 * Two of the harness's instances of the clinic on one PostgreSQL database and one Redis
 * (e2e/support/scale-server.ts), as behind a load balancer: the practitioner's browser talks only to the
 * first, the patient's only to the second. Everything live must still reach the other person.
 */
test('a message sent through one instance reaches a browser held by another, and the receipts come back', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const [urlA, urlB] = SCALE_URLS;
  for (const url of SCALE_URLS) {
    const health = () =>
      fetch(`${url}/api/health`).then(
        (response) => response.status,
        () => 0,
      );
    await expect.poll(health, { timeout: 90_000 }).toBe(200);
  }
  const signIn = async (baseURL: string, role: 'practitioner' | 'patient') => {
    const request = await playwright.request.newContext({ baseURL });
    try {
      return await apiLogin(request, demoAccount(role).email, DEMO_PASSWORD);
    } finally {
      await request.dispose();
    }
  };
  const practitioner = await signIn(urlA, 'practitioner');
  const patient = await signIn(urlB, 'patient');

  const b = await personAt(browser, patient.token, '/', urlB);
  const a = await personAt(browser, practitioner.token, `/messages?with=${patient.user.id}`, urlA);
  try {
    await expect(b.page.getByRole('heading', { level: 1 })).toBeVisible();
    const bell = b.page.getByRole('button', { name: /^Open notifications/ });
    await expect(bell).toBeVisible();
    await listening(b.page, 'messaging');
    await listening(b.page, 'notifications');
    await listening(a.page, 'messaging');
    const composer = a.page.getByLabel('Message to Pat Morgan');
    const content = `Across instances ${Date.now()}`;
    await composer.fill(content);
    await composer.press('Enter');

    // B's instance never saw the POST: the message and its notification came through Redis.
    await expect(toastOn(b.page)).toContainText('Riley Chen sent you a new message');
    await expect(bell).toHaveAccessibleName(/1 unread/);
    const sent = a.page.getByRole('log').getByRole('listitem').filter({ hasText: content });
    await expect(sent).toContainText('Delivered');

    await b.page.goto(`/messages?with=${practitioner.user.id}`);
    await expect(b.page.getByRole('log').getByText(content)).toBeVisible();
    await listening(b.page, 'messaging');
    await expect(sent).toContainText('Read');

    // Typing crosses instances too, and B's reply arrives at A's instance.
    const replyBox = b.page.getByLabel('Message to Riley Chen');
    await replyBox.pressSequentially('Thanks', { delay: 50 });
    await expect(a.page.getByText('Pat is typing…')).toBeVisible();
    await replyBox.press('Enter');
    await expect(a.page.getByRole('log').getByText('Thanks')).toBeVisible();
  } finally {
    await a.close();
    await b.close();
  }
});
