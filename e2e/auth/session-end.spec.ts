import { DEACTIVATION_ALERT, LOGGING_OUT_SUBTITLE, LOGGING_OUT_TITLE } from '../../src/shared/messages';
import { deactivate, registerThrowaway } from '../support/accounts';
import { expect, listening, test } from '../support/fixtures';

test('logging out shows the overlay, then the sign-in page', async ({ page, loginAs }) => {
  await loginAs('practitioner');
  await page.getByRole('button', { name: 'Account menu for Riley Chen' }).click();
  // The overlay stays about a second; on a slow host polling from outside can miss it, so the page itself
  // records the overlay as it first holds focus.
  const seen = page.evaluate(
    () =>
      new Promise<{ text: string; focused: boolean }>((resolve) => {
        const check = () => {
          const overlay = document.querySelector('[data-testid="logout-overlay"]');
          if (!overlay || document.activeElement !== overlay) return;
          observer.disconnect();
          document.removeEventListener('focusin', check);
          resolve({ text: overlay.textContent ?? '', focused: true });
        };
        const observer = new MutationObserver(check);
        observer.observe(document.body, { childList: true, subtree: true });
        document.addEventListener('focusin', check);
        // Never focused: answer what there is, so the assertions below say what went wrong.
        setTimeout(() => {
          const overlay = document.querySelector('[data-testid="logout-overlay"]');
          resolve({ text: overlay?.textContent ?? '', focused: false });
        }, 20_000);
      }),
  );
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  const overlay = await seen;
  expect(overlay.focused).toBe(true);
  expect(overlay.text).toContain(LOGGING_OUT_TITLE);
  expect(overlay.text).toContain(LOGGING_OUT_SUBTITLE);
  await expect(page).toHaveURL('/login');
  await expect(page.getByTestId('logout-overlay')).toBeHidden();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  // Nor does the browser keep the role it painted the frame with (docs/decisions/0017).
  expect(await page.evaluate(() => window.localStorage.getItem('sessionRole'))).toBeNull();
  await page.goto('/calendar');
  await expect(page).toHaveURL('/login');
});

test('a member logs out from the top bar', async ({ page, loginAs }) => {
  await loginAs('member');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText(LOGGING_OUT_TITLE)).toBeVisible();
  await expect(page).toHaveURL('/login');
});

test('deactivation signs an open browser out with the alert', async ({ page, request, loginWithToken }) => {
  const account = await registerThrowaway(request, { firstName: 'Dana' });
  await loginWithToken(account.token, '/appointments');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Appointments');
  await listening(page, 'account-status');

  const dialog = page.waitForEvent('dialog');
  await deactivate(request, account.user.id);
  const alert = await dialog;
  expect(alert.type()).toBe('alert');
  expect(alert.message()).toBe(DEACTIVATION_ALERT);
  await alert.accept();
  await expect(page).toHaveURL('/login');
});

test('an expired or revoked session sends the user to sign in', async ({ page, request, loginWithToken }) => {
  const account = await registerThrowaway(request);
  await loginWithToken(account.token, '/billing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Billing');
  await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${account.token}` } });
  await page.reload();
  await expect(page).toHaveURL('/login');
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
});
