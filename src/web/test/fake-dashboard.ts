import type { Dashboard, DashboardAppointment, PatientDashboard } from '../../shared/dashboard';
import { jsonResponse, userWithRole } from './fixtures';

/** Dashboards as GET /api/dashboard answers them, for the dashboard and patient portal tests. */
export const patientId = userWithRole('patient').id;

/** An appointment as the dashboards show it: the demo patient with Riley Chen unless told otherwise. */
export function dashboardAppointment(overrides: Partial<DashboardAppointment> = {}): DashboardAppointment {
  return {
    id: '00000000-0000-4000-8000-00000000a001',
    startsAt: '2026-03-16T10:00:00.000Z',
    endsAt: '2026-03-16T10:45:00.000Z',
    status: 'confirmed',
    serviceName: 'Follow-up session',
    patientId,
    patientName: 'Pat Morgan',
    practitionerId: '00000000-0000-4000-8000-00000000c001',
    practitionerName: 'Riley Chen',
    ...overrides,
  };
}

export function patientDashboard(overrides: Partial<PatientDashboard> = {}): PatientDashboard {
  return {
    kind: 'patient',
    nextAppointment: dashboardAppointment(),
    unreadMessages: 2,
    unreadNotifications: 1,
    onboarding: { completedSteps: 3, totalSteps: 9, complete: false, nextStep: 'insurance' },
    recentSharedNotes: [
      {
        id: '00000000-0000-4000-8000-00000000b002',
        practitionerName: 'Riley Chen',
        painScore: 3,
        signedAt: '2026-03-09T10:00:00.000Z',
        createdAt: '2026-03-09T09:00:00.000Z',
      },
      {
        id: '00000000-0000-4000-8000-00000000b001',
        practitionerName: 'Riley Chen',
        painScore: 6,
        signedAt: '2026-03-02T10:00:00.000Z',
        createdAt: '2026-03-02T09:00:00.000Z',
      },
    ],
    progress: {
      patientId,
      points: [
        {
          noteId: '00000000-0000-4000-8000-00000000b001',
          at: '2026-03-02T09:00:00.000Z',
          painScore: 6,
          goals: [
            { goal: 'Climb stairs', progress: 20 },
            { goal: 'Walk 2 km', progress: 40 },
          ],
        },
        {
          noteId: '00000000-0000-4000-8000-00000000b002',
          at: '2026-03-09T09:00:00.000Z',
          painScore: 3,
          goals: [{ goal: 'Climb stairs', progress: 70 }],
        },
      ],
    },
    billing: { balanceDueCents: 0, openInvoices: 0, nextDue: null },
    ...overrides,
  };
}

/** Answers GET /api/dashboard with each body in turn (the last one repeats), counting the calls. */
export function dashboardServer(...bodies: Array<Dashboard | 'error'>) {
  let calls = 0;
  return {
    calls: () => calls,
    handle: ({ method, url }: { method: string; url: string }) => {
      if (method !== 'GET' || url !== '/api/dashboard') return undefined;
      const body = bodies[Math.min(calls, bodies.length - 1)];
      calls += 1;
      return body === 'error'
        ? jsonResponse({ message: 'The dashboard is unavailable' }, 503)
        : jsonResponse(body);
    },
  };
}
