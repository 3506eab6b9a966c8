import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/** Types into the combobox labelled `label` and picks the option named `option` from its list. */
export async function chooseFromCombobox(
  scope: HTMLElement,
  { label, option, search = option }: { label: string; option: string; search?: string },
) {
  const field = within(scope).getByRole('combobox', { name: label });
  await userEvent.clear(field);
  await userEvent.type(field, search);
  // A server search answers after typing pauses; choose from its answer, not from the list shown before.
  await waitFor(() => expect(screen.queryByText('Searching…')).toBeNull(), { timeout: 10_000 });
  // The list opens in a layer of its own at the end of the page, not inside the scope.
  await userEvent.click(await screen.findByRole('option', { name: option }, { timeout: 3000 }));
}
