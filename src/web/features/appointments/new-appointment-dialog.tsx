import { addDays, format, parse } from 'date-fns';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import {
  APPOINTMENT_NOTES_MAX,
  type CreateAppointmentInput,
  type ServiceType,
} from '../../../shared/scheduling';
import { isApiRequestError } from '../../lib/api-error';
import { fullName } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { ChoiceField, Textarea } from '../../ui/select';
import { useUser } from '../auth';
import { PatientPicker, usePractitioners } from '../patients';
import { useCreateAppointment, useMyRecord, useServiceTypes, useSlots } from './api';

/** What opening the dialog already knows: a time clicked on the calendar, the practitioner shown. */
export type NewAppointmentPrefill = { startsAt?: Date; practitionerId?: string };

type NewAppointmentDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  prefill?: NewAppointmentPrefill;
};

type FieldErrors = Partial<
  Record<'patientId' | 'practitionerId' | 'serviceTypeId' | 'startsAt' | 'slot' | 'notes', string>
>;

/** Staff, admin and practitioners book any time; a patient requests one of their practitioner's free times. */
export function NewAppointmentDialog({ open, onOpenChange, prefill }: NewAppointmentDialogProps) {
  const user = useUser();
  const isPatient = user.role === 'patient';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close new appointment" className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{isPatient ? 'Request an appointment' : 'New appointment'}</DialogTitle>
          <DialogDescription>
            {isPatient
              ? 'Choose a free time with your practitioner. Times are shown in your time zone.'
              : 'Times are in your time zone. A time that overlaps another appointment is refused.'}
          </DialogDescription>
        </DialogHeader>
        {open ? (
          isPatient ? (
            <RequestForm onDone={() => onOpenChange(false)} />
          ) : (
            <BookingForm prefill={prefill} onDone={() => onOpenChange(false)} />
          )
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const lastsHint = (services: ServiceType[], chosenId: string) => {
  const chosen = services.find((service) => service.id === chosenId);
  return chosen ? `Lasts ${chosen.durationMinutes} minutes` : undefined;
};

/** Field messages of a refused request go on their fields; the whole form shows the server's message. */
type PersonName = { id: string; firstName: string; lastName: string };

function PractitionerField({
  practitioners,
  ...field
}: {
  practitioners: readonly PersonName[];
  value: string;
  onChange: (id: string) => void;
  error?: string;
}) {
  return (
    <ChoiceField
      label="Practitioner"
      placeholder="Choose a practitioner"
      options={practitioners.map((practitioner) => ({
        value: practitioner.id,
        label: fullName(practitioner),
      }))}
      {...field}
    />
  );
}

/** The offered services, saying how long the chosen one lasts. */
function ServiceField({
  services,
  value,
  onChange,
  error,
}: {
  services: ServiceType[];
  value: string;
  onChange: (id: string) => void;
  error?: string;
}) {
  return (
    <ChoiceField
      label="Service"
      placeholder="Choose a service"
      hint={lastsHint(services, value)}
      options={services.map((service) => ({ value: service.id, label: service.name }))}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

function readRefusal(caught: unknown, fallback: string): { message: string; fields: FieldErrors } {
  if (!isApiRequestError(caught)) return { message: fallback, fields: {} };
  return { message: caught.message || fallback, fields: (caught.fields ?? {}) as FieldErrors };
}

function BookingForm({ prefill, onDone }: { prefill?: NewAppointmentPrefill; onDone: () => void }) {
  const id = useId();
  const user = useUser();
  const choosesPractitioner = user.role === 'staff' || user.role === 'admin';
  const practitioners = usePractitioners(choosesPractitioner);
  const services = useServiceTypes();
  const create = useCreateAppointment();
  const start = prefill?.startsAt ?? null;
  const [patientId, setPatientId] = useState('');
  const [practitionerId, setPractitionerId] = useState(
    choosesPractitioner ? (prefill?.practitionerId ?? '') : user.id,
  );
  const [serviceTypeId, setServiceTypeId] = useState('');
  const [day, setDay] = useState(start ? format(start, 'yyyy-MM-dd') : '');
  const [time, setTime] = useState(start ? format(start, 'HH:mm') : '');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const activeServices = (services.data ?? []).filter((service) => service.active);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const startsAt = parse(`${day} ${time}`, 'yyyy-MM-dd HH:mm', new Date());
    const missing: FieldErrors = {
      ...(patientId ? {} : { patientId: 'Choose a patient' }),
      ...(practitionerId ? {} : { practitionerId: 'Choose a practitioner' }),
      ...(serviceTypeId ? {} : { serviceTypeId: 'Choose a service' }),
      ...(Number.isNaN(startsAt.getTime()) ? { startsAt: 'Choose a day and a time' } : {}),
    };
    setErrors(missing);
    setFormError(null);
    if (Object.keys(missing).length > 0) return;
    const input: CreateAppointmentInput = {
      patientId,
      practitionerId,
      serviceTypeId,
      startsAt: startsAt.toISOString(),
      ...(notes.trim() ? { notes: notes.trim() } : {}),
    };
    try {
      await create.mutateAsync(input);
      toast.success('Appointment booked');
      onDone();
    } catch (caught) {
      const refusal = readRefusal(caught, 'Could not book the appointment. Please try again.');
      setErrors(refusal.fields);
      setFormError(refusal.message);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="New appointment" className="flex flex-col gap-3">
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <PatientPicker
        label="Patient"
        emptyLabel="Choose a patient"
        value={patientId}
        onChange={setPatientId}
      />
      {errors.patientId ? <p className="font-medium text-destructive text-sm">{errors.patientId}</p> : null}
      {choosesPractitioner ? (
        <PractitionerField
          practitioners={practitioners.data ?? []}
          value={practitionerId}
          onChange={setPractitionerId}
          error={errors.practitionerId}
        />
      ) : null}
      <ServiceField
        services={activeServices}
        value={serviceTypeId}
        onChange={setServiceTypeId}
        error={errors.serviceTypeId}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Day" error={errors.startsAt}>
          <Input id={`${id}-day`} type="date" value={day} onChange={(event) => setDay(event.target.value)} />
        </FormField>
        <FormField label="Time">
          <Input
            id={`${id}-time`}
            type="time"
            step={300}
            value={time}
            onChange={(event) => setTime(event.target.value)}
          />
        </FormField>
      </div>
      <FormField label="Notes" error={errors.notes}>
        <Textarea
          id={`${id}-notes`}
          value={notes}
          maxLength={APPOINTMENT_NOTES_MAX}
          onChange={(event) => setNotes(event.target.value)}
        />
      </FormField>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Close</Button>
        </DialogClose>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Booking…' : 'Book appointment'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** A patient picks their practitioner, a service and a day, then one of the free times the server offers. */
function RequestForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const record = useMyRecord(true);
  const services = useServiceTypes();
  const create = useCreateAppointment();
  const careTeam = record.data?.practitioners ?? [];
  const [chosenPractitionerId, setPractitionerId] = useState('');
  const practitionerId = chosenPractitionerId || (careTeam.length === 1 ? careTeam[0].id : '');
  const [serviceTypeId, setServiceTypeId] = useState('');
  const [day, setDay] = useState(format(addDays(new Date(), 1), 'yyyy-MM-dd'));
  const [slot, setSlot] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const slots = useSlots({ practitionerId, serviceTypeId, from: day, to: day });
  const activeServices = (services.data ?? []).filter((service) => service.active);
  const freeTimes = slots.data?.slots ?? [];

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const missing: FieldErrors = {
      ...(practitionerId ? {} : { practitionerId: 'Choose a practitioner' }),
      ...(serviceTypeId ? {} : { serviceTypeId: 'Choose a service' }),
      ...(slot ? {} : { slot: 'Choose a free time' }),
    };
    setErrors(missing);
    setFormError(null);
    if (Object.keys(missing).length > 0) return;
    try {
      await create.mutateAsync({
        practitionerId,
        serviceTypeId,
        startsAt: slot,
        ...(notes.trim() ? { notes: notes.trim() } : {}),
      });
      toast.success('Appointment requested');
      onDone();
    } catch (caught) {
      const refusal = readRefusal(caught, 'Could not request the appointment. Please try again.');
      setErrors(refusal.fields);
      setFormError(refusal.message);
    }
  };

  if (record.isSuccess && careTeam.length === 0) {
    return (
      <Alert>
        You have no practitioner on your care team yet. Please call the clinic to book your first appointment.
      </Alert>
    );
  }

  const slotHint =
    !practitionerId || !serviceTypeId
      ? 'Choose a practitioner and a service first.'
      : slots.isPending
        ? 'Looking for free times…'
        : slots.isError
          ? slots.error.message
          : freeTimes.length === 0
            ? 'No free times that day. Try another day.'
            : `${freeTimes.length} free times.`;

  return (
    <form onSubmit={submit} noValidate aria-label="Request an appointment" className="flex flex-col gap-3">
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      <PractitionerField
        practitioners={careTeam}
        value={practitionerId}
        onChange={(value) => {
          setPractitionerId(value);
          setSlot('');
        }}
        error={errors.practitionerId}
      />
      <ServiceField
        services={activeServices}
        value={serviceTypeId}
        onChange={(value) => {
          setServiceTypeId(value);
          setSlot('');
        }}
        error={errors.serviceTypeId}
      />
      <FormField label="Day">
        <Input
          id={`${id}-day`}
          type="date"
          value={day}
          min={format(new Date(), 'yyyy-MM-dd')}
          onChange={(event) => {
            setDay(event.target.value);
            setSlot('');
          }}
        />
      </FormField>
      <ChoiceField
        label="Free time"
        placeholder="Choose a free time"
        hint={slotHint}
        error={errors.slot}
        value={slot}
        onChange={setSlot}
        options={freeTimes.map((free) => ({
          value: free.startsAt,
          label: `${format(new Date(free.startsAt), 'HH:mm')} – ${format(new Date(free.endsAt), 'HH:mm')}`,
        }))}
      />
      <FormField label="Notes" error={errors.notes}>
        <Textarea
          id={`${id}-notes`}
          value={notes}
          maxLength={APPOINTMENT_NOTES_MAX}
          onChange={(event) => setNotes(event.target.value)}
        />
      </FormField>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Close</Button>
        </DialogClose>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Sending…' : 'Request appointment'}
        </Button>
      </DialogFooter>
    </form>
  );
}
