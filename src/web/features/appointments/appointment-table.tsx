import { format } from 'date-fns';
import type { Appointment } from '../../../shared/scheduling';
import { serviceColours } from '../calendar/colour';
import { AppointmentActions } from './appointment-actions';
import { AppointmentStatusBadge, whenLabel } from './appointment-status';

type AppointmentTableProps = {
  caption: string;
  appointments: Appointment[];
  /** A patient's own list: the patient column says nothing. */
  forPatient: boolean;
};

const headClass = 'px-3 py-2 font-medium';

/** One row an appointment, its time in the viewer's own zone, with what may be done with it. */
export function AppointmentTable({ caption, appointments, forPatient }: AppointmentTableProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted text-muted-foreground">
          <tr>
            <th scope="col" className={headClass}>
              When
            </th>
            {forPatient ? null : (
              <th scope="col" className={headClass}>
                Patient
              </th>
            )}
            <th scope="col" className={headClass}>
              Practitioner
            </th>
            <th scope="col" className={headClass}>
              Service
            </th>
            <th scope="col" className={headClass}>
              Status
            </th>
            <th scope="col" className={headClass}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {appointments.map((appointment) => {
            const describe = `${appointment.patientName}, ${format(new Date(appointment.startsAt), 'd MMM HH:mm')}`;
            return (
              <tr key={appointment.id} className="border-border border-t align-top">
                <th scope="row" className="px-3 py-2 font-normal">
                  <time dateTime={appointment.startsAt}>{whenLabel(appointment)}</time>
                </th>
                {forPatient ? null : <td className="px-3 py-2">{appointment.patientName}</td>}
                <td className="px-3 py-2">{appointment.practitionerName}</td>
                <td className="px-3 py-2">
                  <span className="inline-flex items-center gap-2">
                    <span
                      aria-hidden="true"
                      className="inline-block size-3 rounded-full border border-border"
                      style={{ backgroundColor: serviceColours(appointment.colour).backgroundColor }}
                    />
                    {appointment.serviceName}
                  </span>
                </td>
                <td className="px-3 py-2">
                  <AppointmentStatusBadge status={appointment.status} />
                  {appointment.cancellationReason ? (
                    <p className="mt-1 text-muted-foreground text-xs">
                      Reason: {appointment.cancellationReason}
                    </p>
                  ) : null}
                </td>
                <td className="px-3 py-2">
                  <AppointmentActions appointment={appointment} describe={describe} withReschedule />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
