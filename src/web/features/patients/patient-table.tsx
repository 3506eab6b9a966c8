import type { PatientSummary } from '../../../shared/patients';
import { fullName } from '../../lib/format';
import { columnsOf, DataTable } from '../../ui/data-table';
import { StatusBadge } from './controls';

type PatientTableProps = {
  caption: string;
  patients: PatientSummary[];
  onOpen: (id: string) => void;
};

const NONE = '—';

/** One row a patient; the name opens the record panel and takes focus back when the panel closes. */
export function PatientTable({ caption, patients, onOpen }: PatientTableProps) {
  return (
    <DataTable caption={caption} columns={columnsOf('Name', 'Email', 'Phone', 'Date of birth', 'Status')}>
      {patients.map((patient) => (
        <tr key={patient.id} className="border-border border-t">
          <th scope="row" className="px-3 py-2 font-normal">
            <button
              type="button"
              data-patient-button={patient.id}
              onClick={() => onOpen(patient.id)}
              className="rounded-sm text-left font-medium text-primary underline-offset-4 hover:underline"
            >
              {fullName(patient)}
            </button>
          </th>
          <td className="whitespace-nowrap px-3 py-2">{patient.email}</td>
          <td className="px-3 py-2 whitespace-nowrap">{patient.phone || NONE}</td>
          <td className="px-3 py-2 whitespace-nowrap">
            {patient.dateOfBirth ? <time dateTime={patient.dateOfBirth}>{patient.dateOfBirth}</time> : NONE}
          </td>
          <td className="px-3 py-2">
            <StatusBadge status={patient.status} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
