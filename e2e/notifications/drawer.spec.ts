import { registerThrowaway } from '../support/accounts';
import { expect, listening, test } from '../support/fixtures';
import { demoLogin, sendMessage, toastOn } from '../support/live';

test('the bell counts, and the drawer lists, marks read, marks all read, archives and follows', async ({
  page,
  request,
  loginWithToken,
}) => {
  test.setTimeout(120_000);
  const patient = await registerThrowaway(request, { firstName: 'Nora' });
  const staff = await demoLogin(request, 'staff');
  for (const content of ['Your invoice is ready.', 'Please bring your insurance card.', 'See you Monday.']) {
    await sendMessage(request, staff.token, patient.user.id, content);
  }
  await loginWithToken(patient.token, '/');
  const bell = page.getByRole('button', { name: /^Open notifications/ });
  await expect(bell).toHaveAccessibleName('Open notifications, 3 unread');
  await expect(bell).toContainText('3');

  // A new message while the page is open: the badge counts it at once, and its toast is the messaging one.
  await listening(page, 'messaging');
  await listening(page, 'notifications');
  await sendMessage(request, staff.token, patient.user.id, 'One more thing.');
  await expect(bell).toHaveAccessibleName('Open notifications, 4 unread');
  await expect(toastOn(page)).toContainText('Sam Ortiz sent you a new message');

  await bell.click();
  const drawer = page.getByRole('dialog', { name: 'Notifications' });
  const items = drawer.getByRole('listitem');
  await expect(items).toHaveCount(4);
  await expect(items.first()).toContainText('Sam Ortiz sent you a new message');
  await expect(drawer.getByText('4 unread')).toBeVisible();

  await items
    .nth(0)
    .getByRole('button', { name: /^Mark read/ })
    .click();
  await expect(drawer.getByText('3 unread')).toBeVisible();
  await expect(items.nth(0).getByRole('button', { name: /^Mark read/ })).toHaveCount(0);

  await items
    .nth(1)
    .getByRole('button', { name: /^Archive/ })
    .click();
  await expect(items).toHaveCount(3);
  await expect(drawer.getByText('2 unread')).toBeVisible();

  await drawer.getByRole('button', { name: 'Mark all read' }).click();
  await expect(drawer.getByText('All caught up')).toBeVisible();
  await expect(drawer.getByRole('button', { name: /^Mark read/ })).toHaveCount(0);

  await items
    .first()
    .getByRole('button', { name: /Sam Ortiz sent you a new message/ })
    .click();
  await expect(page).toHaveURL('/messages');
  await expect(drawer).toBeHidden();
  await expect(bell).toHaveAccessibleName('Open notifications');

  // What was done is stored: after a reload the archived one stays gone and nothing is unread.
  await page.reload();
  await expect(bell).toHaveAccessibleName('Open notifications');
  await bell.click();
  await expect(drawer.getByRole('listitem')).toHaveCount(3);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(bell).toBeFocused();
});

test('the drawer is usable by keyboard and says when it is empty', async ({
  page,
  request,
  loginWithToken,
}) => {
  const patient = await registerThrowaway(request);
  await loginWithToken(patient.token, '/');
  const bell = page.getByRole('button', { name: 'Open notifications' });
  await bell.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Notifications' });
  await expect(drawer.getByText('No notifications. You are all caught up.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
});

test('a notification setting is saved and survives a reload', async ({ page, request, loginWithToken }) => {
  const patient = await registerThrowaway(request);
  await loginWithToken(patient.token, '/settings?tab=notifications');
  const email = page.getByRole('checkbox', { name: 'Email for Invoice paid' });
  await expect(email).toBeChecked();
  await email.click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await expect(email).not.toBeChecked();
  const sound = page.getByRole('checkbox', { name: 'Sound for New message' });
  await sound.click();
  await expect(sound).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Email for Invoice paid' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Sound for New message' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'In-app for Invoice paid' })).toBeChecked();
});
