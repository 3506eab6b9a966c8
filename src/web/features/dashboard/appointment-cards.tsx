import { lazy, Suspense } from 'react';
import type {
  DashboardAppointment,
  GeneralDashboard,
  PractitionerDashboard,
} from '../../../shared/dashboard';
import { APPOINTMENT_STATUSES, appointmentUrl } from '../../../shared/vocabulary/scheduling';
import { formatterFor } from '../../lib/format';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';
import { DataTable } from '../../ui/data-table';
import { APPOINTMENT_STATUS_LABELS, AppointmentStatusBadge, whenLabel } from '../appointments';
import { Count, DashboardCard, DashboardLink } from './cards';

/** Where a patient asks for a time: the calendar's new-appointment dialog, which offers their care team's free times. */
export const REQUEST_APPOINTMENT_URL = '/calendar?action=appointment';

/** '09:00–09:45' in the viewer's own zone, as the calendar shows times. */
const timeRange = (appointment: DashboardAppointment) =>
  formatterFor().timeRange(appointment.startsAt, appointment.endsAt);

/** 'Monday 16 March' for the clinic's day. */
const dayTitle = (day: string) => formatterFor().day(day, 'longDay');

const cellClass = 'px-3 py-2';

/**
 * A session's status, and for a completed one the calendar's Checkout while session billing is on (for its
 * practitioner, staff and admins; CheckoutButton shows nothing otherwise, so the day list stays as it was).
 */
function StatusAndCheckout({ appointment }: { appointment: DashboardAppointment }) {
  // Billing's code comes once the dashboard has painted: it is not what a phone should wait for.
  const afterPaint = useAfterFirstPaint();
  if (appointment.status !== 'completed') return <AppointmentStatusBadge status={appointment.status} />;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <AppointmentStatusBadge status={appointment.status} />
      {afterPaint ? (
        <Suspense fallback={null}>
          <CheckoutButton
            appointment={appointment}
            label={`Checkout: ${appointment.patientName}, ${formatterFor().time(appointment.startsAt)}`}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The button alone loads with the first completed session listed; billing's screens come when it is used. */
const CheckoutButton = lazy(() =>
  import('../billing/checkout-button').then((module) => ({ default: module.CheckoutButton })),
);

export function NextAppointmentCard({ appointment }: { appointment: DashboardAppointment | null }) {
  return (
    <DashboardCard id="next-appointment" title="Next appointment">
      {appointment ? (
        <>
          <p className="flex flex-col gap-1">
            <span className="font-semibold text-lg">
              <time dateTime={appointment.startsAt}>{whenLabel(appointment)}</time>
            </span>
            <span>
              {appointment.serviceName} with {appointment.practitionerName}
            </span>
          </p>
          <p>
            <AppointmentStatusBadge status={appointment.status} />
          </p>
          <DashboardLink
            to={appointmentUrl(appointment.id)}
            label={`Open your appointment of ${whenLabel(appointment)}`}
          >
            Open appointment
          </DashboardLink>
          <DashboardLink to="/appointments">All my appointments</DashboardLink>
        </>
      ) : (
        <>
          <p className="text-muted-foreground text-sm">You have no upcoming appointments.</p>
          <DashboardLink to={REQUEST_APPOINTMENT_URL}>Request an appointment</DashboardLink>
        </>
      )}
    </DashboardCard>
  );
}

export function TodaysSessionsCard({ sessions }: { sessions: PractitionerDashboard['todaysSessions'] }) {
  const { appointments } = sessions;
  return (
    <DashboardCard id="todays-sessions" title="Today's sessions" className="md:col-span-2">
      <Count value={appointments.length} one="session today" many="sessions today" />
      {appointments.length === 0 ? (
        <p className="text-muted-foreground text-sm">No sessions today.</p>
      ) : (
        <DataTable
          caption={`Your sessions on ${dayTitle(sessions.day)}, earliest first`}
          columns={['Time', 'Patient', 'Service', 'Status']}
        >
          {appointments.map((session) => (
            <tr key={session.id} className="border-border border-t">
              <th scope="row" className={`${cellClass} whitespace-nowrap font-normal`}>
                <DashboardLink
                  to={appointmentUrl(session.id)}
                  label={`Session at ${timeRange(session)} with ${session.patientName}`}
                >
                  <time dateTime={session.startsAt}>{timeRange(session)}</time>
                </DashboardLink>
              </th>
              <td className={cellClass}>
                <DashboardLink to={`/clients?patient=${session.patientId}`}>
                  {session.patientName}
                </DashboardLink>
              </td>
              <td className={cellClass}>{session.serviceName}</td>
              <td className={cellClass}>
                <StatusAndCheckout appointment={session} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <DashboardLink to="/calendar">Open my calendar</DashboardLink>
    </DashboardCard>
  );
}

export function PendingPublicBookingsCard({ count }: { count: number }) {
  return (
    <DashboardCard id="public-bookings" title="Public bookings">
      <Count value={count} one="request waiting for you" many="requests waiting for you" />
      <DashboardLink to="/practitioner/public-bookings">Review public bookings</DashboardLink>
    </DashboardCard>
  );
}

export function ClinicScheduleCard({ schedule }: { schedule: GeneralDashboard['clinicSchedule'] }) {
  const { appointments, byStatus, total } = schedule;
  const inUse = APPOINTMENT_STATUSES.filter((status) => byStatus[status] > 0);
  return (
    <DashboardCard id="clinic-schedule" title="Today's clinic schedule" className="md:col-span-2">
      <Count value={total} one="appointment today" many="appointments today" />
      {inUse.length > 0 ? (
        <ul aria-label="Appointments today by status" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {inUse.map((status) => (
            <li key={status}>
              <span className="font-semibold tabular-nums">{byStatus[status]}</span>{' '}
              <span className="text-muted-foreground">{APPOINTMENT_STATUS_LABELS[status].toLowerCase()}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {appointments.length === 0 ? (
        <p className="text-muted-foreground text-sm">No appointments today.</p>
      ) : (
        <DataTable
          caption={`The clinic's appointments on ${dayTitle(schedule.day)}, earliest first${
            appointments.length < total ? `: the first ${appointments.length} of ${total}` : ''
          }`}
          columns={['Time', 'Practitioner', 'Patient', 'Service', 'Status']}
        >
          {appointments.map((appointment) => (
            <tr key={appointment.id} className="border-border border-t">
              <th scope="row" className={`${cellClass} whitespace-nowrap font-normal`}>
                <DashboardLink
                  to={appointmentUrl(appointment.id)}
                  label={`Appointment at ${timeRange(appointment)}: ${appointment.patientName} with ${appointment.practitionerName}`}
                >
                  <time dateTime={appointment.startsAt}>{timeRange(appointment)}</time>
                </DashboardLink>
              </th>
              <td className={cellClass}>{appointment.practitionerName}</td>
              <td className={cellClass}>
                <DashboardLink to={`/clients?patient=${appointment.patientId}`}>
                  {appointment.patientName}
                </DashboardLink>
              </td>
              <td className={cellClass}>{appointment.serviceName}</td>
              <td className={cellClass}>
                <StatusAndCheckout appointment={appointment} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <DashboardLink to="/calendar">Open the calendar</DashboardLink>
    </DashboardCard>
  );
}
