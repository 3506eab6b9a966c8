import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MEMBER_PROFILE_ERRORS } from '../../../shared/member-profile';
import { renderApp } from '../../test/render-app';
import { emptyProfile, fakeMemberProfileServer } from './test-server';

const bodies = (server: ReturnType<typeof fakeMemberProfileServer>, path: string) =>
  server.calls.filter((call) => call.method !== 'GET' && call.url === path).map((call) => call.body);

describe('/member/onboarding', () => {
  it('saves each step, resumes at the first one not saved, and finishes on the dashboard', async () => {
    const server = fakeMemberProfileServer();
    renderApp({ path: '/member/onboarding', role: 'member', handle: server.handle });
    expect(await screen.findByText('Step 1 of 3', undefined, { timeout: 10_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    const interests = screen.getByRole('group', { name: 'What are you interested in?' });
    expect(interests).toHaveAccessibleDescription(
      `Choose all that apply. ${MEMBER_PROFILE_ERRORS.interests}`,
    );
    await userEvent.click(within(interests).getByLabelText('Community events'));
    await userEvent.click(within(interests).getByLabelText('Volunteering'));
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Step 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How you support us' })).toHaveFocus();
    expect(bodies(server, '/api/member/onboarding/interests')).toEqual([
      { interests: ['community_events', 'volunteering'] },
    ]);

    // A second visit starts where the first stopped.
    cleanup();
    const { router } = renderApp({ path: '/member/onboarding', role: 'member', handle: server.handle });
    expect(await screen.findByText('Step 2 of 3', undefined, { timeout: 10_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Coming to events'));
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Step 3 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('The monthly newsletter'));
    await userEvent.type(screen.getByLabelText('City (optional)'), 'Portland');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Every step is saved')).toBeInTheDocument();
    expect(bodies(server, '/api/member/onboarding/contact')).toEqual([
      { newsletter: true, eventAnnouncements: false, phone: '', city: 'Portland', country: '' },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Finish onboarding' }));
    expect(await screen.findByText('Thank you. Your onboarding is complete.')).toBeInTheDocument();
    expect(server.state.profile.completedAt).not.toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/member'));
  });
});

describe('/member/profile', () => {
  it('shows the saved profile, saves changes whole, and shows the server’s refusal on its field', async () => {
    const server = fakeMemberProfileServer(
      emptyProfile({
        interests: ['fundraising'],
        supportWays: ['donating'],
        stepsDone: ['interests', 'support', 'contact'],
        nextStep: null,
        completedAt: '2026-11-01T10:00:00.000Z',
        updatedAt: '2026-11-01T10:00:00.000Z',
      }),
    );
    renderApp({ path: '/member/profile', role: 'member', handle: server.handle });
    const interests = await screen.findByRole(
      'group',
      { name: 'What are you interested in?' },
      { timeout: 10_000 },
    );
    expect(within(interests).getByLabelText('Fundraising')).toBeChecked();
    expect(screen.getByRole('link', { name: 'Change your account details' })).toHaveAttribute(
      'href',
      // /settings shows a member their dashboard (specification section 2): theirs is /member/settings.
      '/member/settings?tab=profile',
    );
    await userEvent.click(within(interests).getByLabelText('Research updates'));
    await userEvent.type(screen.getByLabelText('Phone (optional)'), 'call me');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByLabelText('Phone (optional)')).toHaveAccessibleDescription(
      MEMBER_PROFILE_ERRORS.phone,
    );

    await userEvent.clear(screen.getByLabelText('Phone (optional)'));
    await userEvent.type(screen.getByLabelText('About you (optional)'), 'Ran the winter walk.');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile is saved.')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.state.profile).toMatchObject({
        interests: ['fundraising', 'research_updates'],
        about: 'Ran the winter walk.',
        phone: '',
      }),
    );
  });
});
