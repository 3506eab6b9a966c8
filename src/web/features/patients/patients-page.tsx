import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { isId } from '../../lib/ids';
import { PagedList } from '../../ui/paged-list';
import { useUser } from '../auth';
import { usePatientList } from './api';
import { filtersFrom, type ListFilters, withFilters } from './list-params';
import { NewPatientDialog } from './new-patient-dialog';
import { PatientFilters } from './patient-filters';
import { PatientPanel, RECORD_TAB_PARAM } from './patient-panel';
import { PatientTable } from './patient-table';

const PATIENT_PARAM = 'patient';

/**
 * /clients and /patients: the server-paged list of the patients the caller may see. The search, filters,
 * sort and the open record (?patient=ID) live in the address, so a reload or a shared link shows the same.
 */
export function PatientsPage({ listName }: { listName: string }) {
  const user = useUser();
  const isStaff = user.role === 'staff' || user.role === 'admin';
  const [params, setParams] = useSearchParams();
  const read = filtersFrom(params);
  // A practitioner's list is their care team already; a practitioner id in a pasted link does not narrow it.
  const filters = isStaff ? read : { ...read, practitionerId: '' };
  const requested = params.get(PATIENT_PARAM);
  const patientId = isId(requested) ? requested.toLowerCase() : null;
  const list = usePatientList(filters);

  const changeFilters = useCallback(
    (changes: Partial<ListFilters>) =>
      setParams((current) => withFilters(current, { ...filtersFrom(current), ...changes }), {
        replace: true,
      }),
    [setParams],
  );

  const openPatient = useCallback(
    (id: string) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set(PATIENT_PARAM, id);
        next.delete(RECORD_TAB_PARAM);
        return next;
      }),
    [setParams],
  );

  const closePatient = useCallback(
    () =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.delete(PATIENT_PARAM);
        next.delete(RECORD_TAB_PARAM);
        return next;
      }),
    [setParams],
  );

  const patients = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(filters.search.trim() || filters.status || filters.practitionerId);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="sr-only">{listName}</h2>
        {isStaff ? <NewPatientDialog onCreated={openPatient} /> : null}
      </div>
      <PatientFilters filters={filters} onChange={changeFilters} showPractitioner={isStaff} />

      <PagedList
        query={list}
        count={patients.length}
        loadingLabel="Loading clients…"
        errorText="Could not load the list."
        emptyText={filtered ? 'No clients match your search and filters.' : 'No clients yet.'}
        loadMoreErrorText="Could not load more clients. Please try again."
      >
        <PatientTable
          caption={`${listName}: ${patients.length} shown`}
          patients={patients}
          onOpen={openPatient}
        />
      </PagedList>

      <PatientPanel patientId={patientId} onClose={closePatient} />
    </div>
  );
}
