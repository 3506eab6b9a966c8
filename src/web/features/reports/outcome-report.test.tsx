import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutcomeReport } from '../../../shared/check-ins';
import type { Role } from '../../../shared/roles';
import { jsonResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const RILEY = '00000000-0000-4000-8000-00000000c001';
const KNEE = '00000000-0000-4000-8000-00000000d001';
const TITLE = 'Outcomes by practitioner and service';

/** The outcomes of a small clinic: NPRS for two patients of Riley's on knee rehab, LEFS for one with no visit. */
function answerFor(query: URLSearchParams): OutcomeReport {
  const measure = (query.get('measure') || null) as OutcomeReport['measure'];
  const nprs = {
    measure: 'nprs' as const,
    patients: 2,
    baselineMean: 7,
    latestMean: 4.5,
    improved: 1,
    improvedShare: 0.5,
  };
  const lefs = {
    key: null,
    label: 'No appointment',
    measure: 'lefs' as const,
    patients: 1,
    baselineMean: 40,
    latestMean: 52.25,
    improved: 1,
    improvedShare: 1,
  };
  const keep = <T extends { measure: string }>(rows: T[]) =>
    rows.filter((row) => !measure || row.measure === measure);
  return {
    from: query.get('from')!,
    to: query.get('to')!,
    timeZone: 'Europe/London',
    measure,
    byPractitioner: keep([{ key: RILEY, label: 'Riley Chen', ...nprs }, lefs]),
    byService: keep([{ key: KNEE, label: 'Knee rehab', ...nprs }, lefs]),
  };
}

function outcomeServer({ on = true, empty = false, fails = false } = {}) {
  const asked: URLSearchParams[] = [];
  const features = { asked: 0 };
  return {
    asked,
    features,
    handle: ({ method, url }: { method: string; url: string }) => {
      if (url === '/api/clinic/features') {
        features.asked += 1;
        return jsonResponse({ features: { careBetweenVisits: on } });
      }
      if (method === 'GET' && url.startsWith('/api/practitioners')) return jsonResponse([]);
      if (method === 'GET' && url.startsWith('/api/check-ins/outcome-report?')) {
        const query = new URLSearchParams(url.split('?')[1]);
        asked.push(query);
        if (fails) return jsonResponse({ message: 'The database is busy' }, 500);
        const answer = answerFor(query);
        return jsonResponse(empty ? { ...answer, byPractitioner: [], byService: [] } : answer);
      }
      // The page's other reports stay loading: only the outcomes are looked at here.
      if (method === 'GET' && url.startsWith('/api/reports/')) return new Promise<Response>(() => undefined);
      return undefined;
    },
  };
}

const open = (role: Role, server: ReturnType<typeof outcomeServer>, path = '/reports') =>
  renderApp({ path: `${path}?from=2031-03-01&to=2031-03-02`, role, handle: server.handle });

/** Lets the clinic's answer reach the screen before an absence is checked. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 100));

afterEach(() => vi.restoreAllMocks());

describe('the outcomes report on the reports page', { timeout: 20_000 }, () => {
  it('shows staff the outcomes by practitioner and by service for the range', async () => {
    const server = outcomeServer();
    open('staff', server);
    const section = await screen.findByRole('region', { name: TITLE }, { timeout: 10_000 });
    const byPractitioner = await within(section).findByRole('table', {
      name: 'Outcomes by practitioner, 2031-03-01 to 2031-03-02',
    });
    const rows = within(byPractitioner).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'PractitionerMeasurePatientsMean baselineMean latestImprovedShare improved',
      'Riley ChenNPRS27.04.5150.0%',
      'No appointmentLEFS140.052.31100.0%',
    ]);
    const byService = within(section).getByRole('table', {
      name: 'Outcomes by service, 2031-03-01 to 2031-03-02',
    });
    expect(within(byService).getByRole('rowheader', { name: 'Knee rehab' })).toBeInTheDocument();
    // Three outcomes measured, two past the MCID.
    expect(within(section).getByText('Outcomes measured').nextSibling).toHaveTextContent('3');
    expect(within(section).getByText('66.7%')).toBeInTheDocument();
    expect(within(section).getByText(/NPRS 2 points, lower is better/)).toBeInTheDocument();
    expect(server.asked[0]!.toString()).toBe('from=2031-03-01&to=2031-03-02');
  });

  it('narrows to one measure', async () => {
    const server = outcomeServer();
    open('admin', server);
    const section = await screen.findByRole('region', { name: TITLE }, { timeout: 10_000 });
    await within(section).findByRole('rowheader', { name: 'Riley Chen' });
    await userEvent.selectOptions(within(section).getByLabelText('Measure'), 'lefs');
    await waitFor(() => expect(server.asked.at(-1)!.get('measure')).toBe('lefs'));
    await waitFor(() =>
      expect(within(section).queryByRole('rowheader', { name: 'Riley Chen' })).not.toBeInTheDocument(),
    );
    expect(within(section).getAllByRole('rowheader', { name: 'No appointment' })).toHaveLength(2);
  });

  it('exports both groupings as CSV', async () => {
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:outcomes';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    open('staff', outcomeServer());
    await userEvent.click(
      await screen.findByRole('button', { name: `Export ${TITLE} as CSV` }, { timeout: 10_000 }),
    );
    expect(click).toHaveBeenCalled();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0]!);
    });
    expect(text.split('\r\n')).toEqual([
      `"${TITLE}","2031-03-01 to 2031-03-02","Europe/London","All measures"`,
      '"Grouping","Name","Measure","MCID","Patients","Mean baseline","Mean latest","Improved by the MCID","Share improved (%)"',
      '"Practitioner","Riley Chen","NPRS",2,2,7,4.5,1,50',
      '"Practitioner","No appointment","LEFS",9,1,40,52.25,1,100',
      '"Service","Knee rehab","NPRS",2,2,7,4.5,1,50',
      '"Service","No appointment","LEFS",9,1,40,52.25,1,100',
      '',
    ]);
  });

  it('says when nobody has two scores in the range, and offers a longer range', async () => {
    const server = outcomeServer({ empty: true });
    const { router } = open('staff', server);
    const section = await screen.findByRole('region', { name: TITLE }, { timeout: 10_000 });
    expect(
      await within(section).findByText(
        'No patient has two scores of a measure between 2031-03-01 and 2031-03-02.',
      ),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Export/ })).not.toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Show the 180 days to 2031-03-02' }));
    await waitFor(() => expect(server.asked.at(-1)!.toString()).toBe('from=2030-09-04&to=2031-03-02'));
    // The page's range moves with it, in the address as any range chosen there.
    expect(router.state.location.search).toContain('from=2030-09-04&to=2031-03-02');
  });

  it('says when the report could not be loaded', async () => {
    open('admin', outcomeServer({ fails: true }));
    const section = await screen.findByRole('region', { name: TITLE }, { timeout: 10_000 });
    expect(await within(section).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      'The outcomes report could not be loaded.',
    );
  });

  it('is not there, nor asked for, while the clinic has care between visits off', async () => {
    const server = outcomeServer({ on: false });
    open('admin', server, '/admin/reports');
    await screen.findByRole('region', { name: 'Membership' }, { timeout: 10_000 });
    await screen.findByRole('region', { name: 'Appointments by status' });
    await waitFor(() => expect(server.features.asked).toBeGreaterThan(0));
    await settled();
    expect(screen.queryByRole('region', { name: TITLE })).not.toBeInTheDocument();
    expect(screen.queryByText(/MCID/)).not.toBeInTheDocument();
    expect(server.asked).toHaveLength(0);
  });

  it('is not shown to practitioners', async () => {
    const server = outcomeServer();
    open('practitioner', server);
    await screen.findByRole('region', { name: 'Practitioner utilisation' }, { timeout: 10_000 });
    await waitFor(() => expect(server.features.asked).toBeGreaterThan(0));
    await settled();
    expect(screen.queryByRole('region', { name: TITLE })).not.toBeInTheDocument();
    expect(server.asked).toHaveLength(0);
  });
});
