import { Suspense, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiRequestError } from '../../lib/api-error';
import { fullName } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { LoadingState } from '../../ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { useUser } from '../auth';
import { useCareBetweenVisits } from '../clinic-features';
import { PatientExercises } from '../exercise-programmes';
import { AccessLog } from '../record-access';
import { usePatientRecord } from './api';
import { CareTeam } from './care-team';
import { StatusBadge } from './controls';
import { DeactivatePatientDialog } from './deactivate-dialog';
import { PatientAppointments } from './patient-appointments';
import { PatientConsents } from './patient-consents';
import { PatientEditForm } from './patient-edit-form';
import { PatientInvoices } from './patient-invoices';
import { PatientNotes } from './patient-notes';
import { PatientRecordView, RecordSection } from './patient-record-view';

/** The record's sections, one tab each; the open one is kept in the address (?tab=) unless it is the first. */
export const RECORD_TAB_PARAM = 'tab';
const TABS = [
  { value: 'details', label: 'Details' },
  { value: 'appointments', label: 'Appointments' },
  { value: 'notes', label: 'Notes' },
  { value: 'exercises', label: 'Exercises' },
  { value: 'invoices', label: 'Invoices' },
  { value: 'consents', label: 'Consents' },
  { value: 'activity', label: 'Activity' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

type PatientPanelProps = { patientId: string | null; onClose: () => void };

/**
 * The record of the patient named in the address, as a panel beside the list. Closing it (Escape, the
 * close button) removes the patient from the address and puts focus back on that patient's row.
 */
export function PatientPanel({ patientId, onClose }: PatientPanelProps) {
  const lastOpened = useRef<string | null>(null);
  if (patientId) lastOpened.current = patientId;

  return (
    <Dialog open={patientId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {patientId ? (
        <DialogContent
          side="right"
          closeLabel="Close patient record"
          className="w-[40rem] overflow-y-auto"
          onCloseAutoFocus={(event) => {
            const row = document.querySelector<HTMLElement>(`[data-patient-button="${lastOpened.current}"]`);
            if (row) {
              event.preventDefault();
              row.focus();
            }
          }}
        >
          <PanelBody key={patientId} patientId={patientId} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function PanelBody({ patientId }: { patientId: string }) {
  const user = useUser();
  const record = usePatientRecord(patientId);
  const [isEditing, setEditing] = useState(false);
  const [params, setParams] = useSearchParams();
  const careBetweenVisits = useCareBetweenVisits();

  if (record.isPending) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Patient record</DialogTitle>
          <DialogDescription className="sr-only">Loading the record</DialogDescription>
        </DialogHeader>
        <LoadingState label="Loading the record…" />
      </>
    );
  }

  if (record.isError) {
    const notFound = isApiRequestError(record.error) && record.error.status === 404;
    return (
      <>
        <DialogHeader>
          <DialogTitle>{notFound ? 'Patient not found' : 'Patient record'}</DialogTitle>
          <DialogDescription>
            {notFound
              ? 'This patient is not in your list. They may have been removed from your care team.'
              : 'The record could not be loaded.'}
          </DialogDescription>
        </DialogHeader>
        {notFound ? null : (
          <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
            <span>{record.error.message}</span>
            <Button size="sm" variant="outline" onClick={() => record.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
      </>
    );
  }

  const patient = record.data;
  const isStaff = user.role === 'staff' || user.role === 'admin';
  const isAssigned = patient.practitioners.some((practitioner) => practitioner.id === user.id);
  const canEdit = isStaff || (user.role === 'practitioner' && isAssigned);
  // Who opened the record is for staff and admin (and the patient, in their own settings).
  // Home exercises only while the clinic has care between visits on; otherwise the record is as the spec has it.
  const tabs = TABS.filter(
    (tab) => (tab.value !== 'activity' || isStaff) && (tab.value !== 'exercises' || careBetweenVisits),
  );
  const requested = params.get(RECORD_TAB_PARAM);
  const tab: TabValue = tabs.find((candidate) => candidate.value === requested)?.value ?? 'details';
  const changeTab = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'details') next.delete(RECORD_TAB_PARAM);
        else next.set(RECORD_TAB_PARAM, value);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <DialogHeader>
        <DialogTitle>{fullName(patient)}</DialogTitle>
        <DialogDescription className="flex flex-wrap items-center gap-2">
          <span className="break-all">{patient.email}</span>
          <StatusBadge status={patient.status} />
        </DialogDescription>
      </DialogHeader>
      <Tabs value={tab} onValueChange={changeTab}>
        <TabsList aria-label="Record sections">
          {tabs.map((candidate) => (
            <TabsTrigger key={candidate.value} value={candidate.value}>
              {candidate.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="details" className="flex flex-col gap-4">
          {isEditing ? (
            <PatientEditForm record={patient} onDone={() => setEditing(false)} />
          ) : (
            <>
              {canEdit || isStaff ? (
                <div className="flex flex-wrap gap-2">
                  {canEdit ? (
                    <Button size="sm" onClick={() => setEditing(true)}>
                      Edit record
                    </Button>
                  ) : null}
                  {isStaff && patient.status === 'active' ? (
                    <DeactivatePatientDialog record={patient} />
                  ) : null}
                </div>
              ) : null}
              <PatientRecordView record={patient} />
              <CareTeam record={patient} canManage={isStaff} />
            </>
          )}
        </TabsContent>
        <TabsContent value="appointments">
          <PatientAppointments record={patient} />
        </TabsContent>
        <TabsContent value="notes">
          <PatientNotes record={patient} canWrite={user.role === 'practitioner'} />
        </TabsContent>
        {careBetweenVisits ? (
          <TabsContent value="exercises">
            <Suspense fallback={<LoadingState label="Loading exercise programmes…" />}>
              <PatientExercises
                patientId={patient.id}
                canPrescribe={user.role === 'practitioner' && isAssigned}
              />
            </Suspense>
          </TabsContent>
        ) : null}
        <TabsContent value="invoices">
          <PatientInvoices record={patient} />
        </TabsContent>
        <TabsContent value="consents">
          <PatientConsents patientId={patient.id} />
        </TabsContent>
        {isStaff ? (
          <TabsContent value="activity">
            <RecordSection title="Who opened this record">
              <AccessLog patientId={patient.id} />
            </RecordSection>
          </TabsContent>
        ) : null}
      </Tabs>
    </>
  );
}
