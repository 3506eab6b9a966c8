import { CalendarPlus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { APPOINTMENT_SCOPES, type AppointmentScope } from '../../../shared/scheduling';
import { isId } from '../../lib/ids';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { PagedList } from '../../ui/paged-list';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { useUser } from '../auth';
import { AppointmentDetailsDialog } from '../calendar';
import { useAppointment, useAppointmentList } from './api';
import { AppointmentFilters } from './appointment-filters';
import { AppointmentTable } from './appointment-table';
import {
  appointmentFiltersFrom,
  type AppointmentFilters as Filters,
  withAppointmentFilters,
} from './list-params';
import { NewAppointmentDialog } from './new-appointment-dialog';

const SCOPE_LABELS: Record<AppointmentScope, string> = {
  upcoming: 'Upcoming',
  past: 'Past',
  cancelled: 'Cancelled',
};

const EMPTY: Record<AppointmentScope, string> = {
  upcoming: 'No upcoming appointments.',
  past: 'No past appointments.',
  cancelled: 'No cancelled appointments.',
};

/**
 * /appointments: upcoming, past and cancelled appointments the caller may see, in tabs kept in the address
 * with the filters. Practitioners see 'Treatment Sessions'; a patient sees 'My Appointments', theirs only.
 */
export function AppointmentsPage() {
  const user = useUser();
  const isPatient = user.role === 'patient';
  const isStaff = user.role === 'staff' || user.role === 'admin';
  const [params, setParams] = useSearchParams();
  const read = appointmentFiltersFrom(params);
  // Only staff and admin choose a practitioner; a patient's list is theirs whatever a pasted link says.
  const filters: Filters = isPatient
    ? { ...read, patientId: '', practitionerId: '' }
    : isStaff
      ? read
      : { ...read, practitionerId: '' };
  const [isBooking, setBooking] = useState(false);
  // A notification about an appointment links here with ?appointment=ID: its details open over the list.
  const linked = params.get('appointment');
  const linkedId = isId(linked) ? linked.toLowerCase() : '';
  const opened = useAppointment(linkedId);
  const closeLinked = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('appointment');
        return next;
      },
      { replace: true },
    );

  const changeFilters = useCallback(
    (changes: Partial<Filters>) =>
      setParams(
        (current) => withAppointmentFilters(current, { ...appointmentFiltersFrom(current), ...changes }),
        {
          replace: true,
        },
      ),
    [setParams],
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        {/* The page's title already says it; the list keeps its heading for screen readers' outline only. */}
        <h2 className="sr-only">Appointment list</h2>
        <Button size="sm" onClick={() => setBooking(true)}>
          <CalendarPlus aria-hidden="true" />
          {isPatient ? 'Request an appointment' : 'New appointment'}
        </Button>
      </div>
      <NewAppointmentDialog open={isBooking} onOpenChange={setBooking} />
      <AppointmentDetailsDialog
        appointment={opened.data ?? null}
        onOpenChange={(open) => {
          if (!open) closeLinked();
        }}
      />
      {opened.isError ? <Alert variant="error">{opened.error.message}</Alert> : null}
      <AppointmentFilters
        filters={filters}
        onChange={changeFilters}
        showPatient={!isPatient}
        showPractitioner={isStaff}
      />
      <Tabs
        value={filters.scope}
        onValueChange={(scope) => changeFilters({ scope: scope as AppointmentScope })}
      >
        <TabsList aria-label="Which appointments">
          {APPOINTMENT_SCOPES.map((scope) => (
            <TabsTrigger key={scope} value={scope}>
              {SCOPE_LABELS[scope]}
            </TabsTrigger>
          ))}
        </TabsList>
        {APPOINTMENT_SCOPES.map((scope) => (
          <TabsContent key={scope} value={scope} className="flex flex-col gap-4">
            {scope === filters.scope ? <AppointmentList filters={filters} forPatient={isPatient} /> : null}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function AppointmentList({ filters, forPatient }: { filters: Filters; forPatient: boolean }) {
  const list = useAppointmentList(filters);
  const appointments = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(
    filters.patientId || filters.practitionerId || filters.status || filters.from || filters.to,
  );
  const name = SCOPE_LABELS[filters.scope];
  return (
    <PagedList
      query={list}
      count={appointments.length}
      loadingLabel="Loading appointments…"
      errorText="Could not load the appointments."
      emptyText={filtered ? 'No appointments match your filters.' : EMPTY[filters.scope]}
      loadMoreErrorText="Could not load more appointments. Please try again."
    >
      <AppointmentTable
        caption={`${name} appointments: ${appointments.length} shown`}
        appointments={appointments}
        forPatient={forPatient}
      />
    </PagedList>
  );
}
