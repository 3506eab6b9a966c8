import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CheckIn } from '../../../shared/check-ins';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const due: CheckIn = {
  id: '11111111-1111-4111-8111-111111111111',
  patientId: 'patient-1',
  patientName: 'Pat Lee',
  measure: 'psfs',
  reason: 'sent',
  status: 'due',
  requestedByName: 'Dana Park',
  dueAt: '2026-11-20T09:00:00.000Z',
  createdAt: '2026-11-20T09:00:00.000Z',
  completedAt: null,
  score: null,
  answers: null,
};

function renderForm({ on = true }: { on?: boolean } = {}) {
  const sent: unknown[] = [];
  const view = renderApp({
    path: `/check-ins/${due.id}`,
    role: 'patient',
    handle: ({ url, method, body }) => {
      if (url === '/api/clinic/features') return jsonResponse({ features: { careBetweenVisits: on } });
      if (url === `/api/check-ins/${due.id}` && method === 'GET') return jsonResponse(due);
      if (url === `/api/check-ins/${due.id}/response`) {
        sent.push(body);
        return jsonResponse({ ...due, status: 'completed', score: 5.5, completedAt: due.dueAt });
      }
      if (url === '/api/check-ins') return jsonResponse({ items: [] });
      return undefined;
    },
  });
  return { ...view, sent };
}

describe('a patient fills in a check-in', () => {
  it('answers a PSFS with big radio targets, checked by the measure before it is sent', async () => {
    const { sent } = renderForm();
    const user = userEvent.setup();
    const form = await screen.findByRole(
      'form',
      { name: 'Patient-Specific Functional Scale' },
      { timeout: 10_000 },
    );
    // Nothing answered: the measure names the first activity and its rating.
    await user.click(within(form).getByRole('button', { name: 'Send my answers' }));
    expect(await within(form).findAllByText('Answer this question')).toHaveLength(2);
    expect(sent).toEqual([]);

    await user.type(within(form).getByLabelText(/^Activity 1/), 'Climbing stairs');
    const first = within(form).getByRole('radiogroup', { name: 'How able are you to do activity 1 today?' });
    await user.click(within(first).getByRole('radio', { name: '4' }));
    await user.click(within(first).getByRole('radio', { name: '6' }));
    expect(within(first).getByRole('radio', { name: '6' })).toBeChecked();
    expect(within(first).getByRole('radio', { name: '4' })).not.toBeChecked();
    await user.type(within(form).getByLabelText(/^Activity 2/), 'Kneeling');
    await user.click(
      within(
        within(form).getByRole('radiogroup', { name: 'How able are you to do activity 2 today?' }),
      ).getByRole('radio', { name: '5' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Send my answers' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          answers: [
            { linkId: 'activity-1', value: 'Climbing stairs' },
            { linkId: 'rating-1', value: 6 },
            { linkId: 'activity-2', value: 'Kneeling' },
            { linkId: 'rating-2', value: 5 },
          ],
        },
      ]),
    );
  });

  it('is the not-found page, as the spec has it, while the clinic has care between visits off', async () => {
    renderForm({ on: false });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
