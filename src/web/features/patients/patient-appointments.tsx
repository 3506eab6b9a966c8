import { Link } from 'react-router';
import type { PatientRecord } from '../../../shared/patients';
import type { AppointmentScope } from '../../../shared/scheduling';
import { appointmentUrl } from '../../../shared/vocabulary/scheduling';
import { fullName } from '../../lib/format';
import { DataTable } from '../../ui/data-table';
import { PagedList } from '../../ui/paged-list';
import {
  type AppointmentFilters,
  AppointmentStatusBadge,
  useAppointmentList,
  whenLabel,
} from '../appointments';
import { RecordSection } from './patient-record-view';

const SECTIONS: Array<{ scope: AppointmentScope; title: string; order: string; empty: string }> = [
  {
    scope: 'upcoming',
    title: 'Upcoming appointments',
    order: 'earliest first',
    empty: 'No upcoming appointments.',
  },
  { scope: 'past', title: 'Past appointments', order: 'newest first', empty: 'No past appointments.' },
  {
    scope: 'cancelled',
    title: 'Cancelled appointments',
    order: 'newest first',
    empty: 'No cancelled appointments.',
  },
];

/**
 * The patient's appointments in the record panel: upcoming earliest first, then past and cancelled newest
 * first, each opening its details. The server answers only what the caller may see of this patient.
 */
export function PatientAppointments({ record }: { record: PatientRecord }) {
  return (
    <div className="flex flex-col gap-4">
      {SECTIONS.map((section) => (
        <AppointmentSection key={section.scope} record={record} {...section} />
      ))}
    </div>
  );
}

function AppointmentSection({
  record,
  scope,
  title,
  order,
  empty,
}: { record: PatientRecord } & (typeof SECTIONS)[number]) {
  const filters: AppointmentFilters = {
    scope,
    patientId: record.id,
    practitionerId: '',
    status: '',
    from: '',
    to: '',
  };
  const list = useAppointmentList(filters);
  const appointments = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <RecordSection title={title}>
      <PagedList
        query={list}
        count={appointments.length}
        loadingLabel="Loading appointments…"
        errorText="Could not load the appointments."
        emptyText={empty}
        loadMoreErrorText="Could not load more appointments. Please try again."
      >
        <DataTable
          caption={`${title} of ${fullName(record)}: ${appointments.length} shown, ${order}`}
          columns={['When', 'Practitioner', 'Service', 'Status']}
        >
          {appointments.map((appointment) => {
            const when = whenLabel(appointment);
            return (
              <tr key={appointment.id} className="border-border border-t">
                <th scope="row" className="px-3 py-2 font-normal">
                  <Link
                    to={appointmentUrl(appointment.id)}
                    className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    <time dateTime={appointment.startsAt}>{when}</time>
                  </Link>
                </th>
                <td className="px-3 py-2">{appointment.practitionerName}</td>
                <td className="px-3 py-2">{appointment.serviceName}</td>
                <td className="px-3 py-2">
                  <AppointmentStatusBadge status={appointment.status} />
                </td>
              </tr>
            );
          })}
        </DataTable>
      </PagedList>
    </RecordSection>
  );
}
