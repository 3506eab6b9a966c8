import { registerThrowaway } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

test.setTimeout(120_000);

/**
 * A new member starts onboarding from their dashboard, is stopped at an empty step, leaves half way and comes
 * back to the step they stopped at, finishes, and finds the same answers on their profile, where a change is
 * kept.
 */
test('a new member onboards in steps, resumes where they left off and edits the answers on their profile', async ({
  page,
  request,
  loginWithToken,
}) => {
  const member = await registerThrowaway(request, { role: 'member', firstName: 'Morgan' });
  await loginWithToken(member.token, '/member');
  await page.getByRole('link', { name: 'Start your onboarding' }).click();
  await expect(page).toHaveURL('/member/onboarding');
  await expect(page.getByRole('heading', { name: 'Your interests' })).toBeVisible();
  expect(await seriousViolations(page), '/member/onboarding').toEqual([]);

  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Choose at least one interest')).toBeVisible();
  await page.getByLabel('Community events').check();
  await page.getByLabel('Peer support groups').check();
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page.getByRole('heading', { name: 'How you support us' })).toBeVisible();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await page.getByLabel('Coming to events').check();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Staying in touch' })).toBeVisible();

  // Leaving and coming back opens the first step not saved yet.
  await page.goto('/member');
  await page.getByRole('link', { name: 'Continue your onboarding' }).click();
  await expect(page.getByRole('heading', { name: 'Staying in touch' })).toBeVisible();
  await page.getByLabel('The monthly newsletter').check();
  await page.getByLabel('City (optional)').fill('Portland');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByRole('heading', { name: 'All set' })).toBeVisible();
  await page.getByRole('button', { name: 'Finish onboarding' }).click();
  await expect(page).toHaveURL('/member');
  await expect(page.getByRole('link', { name: /your onboarding/ })).toBeHidden();

  await page.goto('/member/profile');
  const form = page.getByRole('form', { name: 'Your supporter profile' });
  await expect(form.getByLabel('Community events')).toBeChecked();
  await expect(form.getByLabel('Peer support groups')).toBeChecked();
  await expect(form.getByLabel('Coming to events')).toBeChecked();
  await expect(form.getByLabel('Volunteering', { exact: true })).not.toBeChecked();
  await expect(form.getByLabel('City (optional)')).toHaveValue('Portland');
  expect(await seriousViolations(page), '/member/profile').toEqual([]);
  await form.getByLabel('Volunteering', { exact: true }).check();
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('form', { name: 'Your supporter profile' }).getByLabel('Volunteering', { exact: true }),
  ).toBeChecked();
});
