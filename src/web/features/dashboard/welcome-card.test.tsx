import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../shared/constants';
import { ROLES, type Role } from '../../../shared/vocabulary/roles';
import { dashboardServer, patientDashboard } from '../../test/fake-dashboard';
import { renderApp } from '../../test/render-app';

const T = { timeout: 10_000 };
const welcome = () => screen.findByRole('region', { name: /^Welcome, / }, T);
const userIdOf = () =>
  Object.keys(window.localStorage)
    .find((key) => key.startsWith(STORAGE_KEYS.welcomeShownPrefix))
    ?.slice(STORAGE_KEYS.welcomeShownPrefix.length);

const open = (role: Role, welcomed: boolean) => {
  const server = dashboardServer(patientDashboard());
  return renderApp({ path: '/', role, preferences: { welcomed }, handle: server.handle });
};

describe('the first-run welcome', { timeout: 20_000 }, () => {
  it.each(ROLES)('greets a new %s by name with where their things are', async (role) => {
    open(role, false);
    const card = await welcome();
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent(/^Welcome, \S+/);
    expect(within(card).getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
  });

  it('goes away when put away, sets the browser flag and tells the server, and stays away', async () => {
    const { fetchMock } = open('patient', false);
    const card = await welcome();
    await userEvent.click(within(card).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Welcome, / })).toBeNull());
    const put = fetchMock.mock.calls.find(
      ([url, init]) => url === '/api/user-preferences' && init?.method === 'PUT',
    );
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ welcomed: true });
    expect(userIdOf()).toBeTruthy();
    expect(window.localStorage.getItem(`${STORAGE_KEYS.welcomeShownPrefix}${userIdOf()}`)).toBe('true');
  });

  it('is not shown to an account that has put it away, on any browser', async () => {
    open('staff', true);
    expect(await screen.findByRole('region', { name: 'Messages' }, T)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Welcome, / })).toBeNull();
  });
});
