import { expect, type Locator } from '@playwright/test';

/**
 * Types into the combobox labelled `label` inside `scope` and picks the option named `option`. The list opens
 * in a layer of its own at the end of the page, so the option is looked for on the whole page.
 */
export async function chooseFromCombobox(
  scope: Locator,
  { label, option, search = option }: { label: string; option: string; search?: string },
) {
  const page = scope.page();
  await scope.getByRole('combobox', { name: label, exact: true }).fill(search);
  // A server search answers once typing pauses; choose from its answer.
  await expect(page.getByText('Searching…')).toHaveCount(0);
  await page.getByRole('option', { name: option, exact: true }).click();
}
