import type { Appointment } from '../../../shared/scheduling';
import { formatterFor } from '../../lib/format';
import { columnsOf, DataTable } from '../../ui/data-table';
import { ServiceSwatch } from '../../ui/service-swatch';
import { AppointmentActions } from './appointment-actions';
import { AppointmentStatusBadge, whenLabel } from './appointment-status';
import { VideoVisitMark } from './video-visit';

type AppointmentTableProps = {
  caption: string;
  appointments: Appointment[];
  /** A patient's own list: the patient column says nothing. */
  forPatient: boolean;
};

/** One row an appointment, its time in the viewer's own zone, with what may be done with it. */
export function AppointmentTable({ caption, appointments, forPatient }: AppointmentTableProps) {
  return (
    <DataTable
      caption={caption}
      columns={columnsOf('When', !forPatient && 'Patient', 'Practitioner', 'Service', 'Status', 'Actions')}
    >
      {appointments.map((appointment) => {
        const row = {
          patientName: appointment.patientName,
          when: formatterFor().shortDateTime(appointment.startsAt),
        };
        return (
          <tr key={appointment.id} className="border-border border-t align-top">
            <th scope="row" className="px-3 py-2 font-normal">
              <time dateTime={appointment.startsAt}>{whenLabel(appointment)}</time>
            </th>
            {forPatient ? null : <td className="px-3 py-2">{appointment.patientName}</td>}
            <td className="px-3 py-2">{appointment.practitionerName}</td>
            <td className="px-3 py-2">
              <span className="inline-flex items-center gap-2">
                <ServiceSwatch colour={appointment.colour} />
                {appointment.serviceName}
              </span>
              {appointment.isVideo ? (
                <div className="mt-1">
                  <VideoVisitMark appointment={appointment} withJoin />
                </div>
              ) : null}
            </td>
            <td className="px-3 py-2">
              <AppointmentStatusBadge status={appointment.status} />
              {appointment.cancellationReason ? (
                <p className="mt-1 text-muted-foreground text-xs">Reason: {appointment.cancellationReason}</p>
              ) : null}
            </td>
            <td className="px-3 py-2">
              <AppointmentActions appointment={appointment} row={row} withReschedule />
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
