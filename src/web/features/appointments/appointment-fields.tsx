import { parse } from 'date-fns';
import { useId } from 'react';
import {
  type Control,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  useController,
} from 'react-hook-form';
import { APPOINTMENT_NOTES_MAX, type ServiceType } from '../../../shared/scheduling';
import { fullName } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Combobox, type ComboboxOption } from '../../ui/combobox';
import { DateField } from '../../ui/date-picker';
import { DialogClose, DialogFooter } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Textarea } from '../../ui/select';
import { Switch } from '../../ui/switch';
import { TimeSelect } from '../../ui/time-select';

type PersonName = { id: string; firstName: string; lastName: string };

type ChoiceProps = { value: string; onChange: (id: string) => void; error?: string };

// isVideo comes only while the clinic has video visits on, so the words show only then.
const VIDEO_VISIT = 'Video visit';
const HELD_AS_A_CALL = 'Held as a call in the browser; the appointment carries the link to join.';
const lastsHint = (services: ServiceType[], chosenId: string) => {
  const chosen = services.find((service) => service.id === chosenId);
  if (!chosen) return undefined;
  return `Lasts ${chosen.durationMinutes} minutes${chosen.isVideo ? ` · ${VIDEO_VISIT}` : ''}`;
};

type ComboFieldProps = ChoiceProps & {
  label: string;
  listLabel: string;
  placeholder: string;
  noMatches: string;
  options: ComboboxOption[];
  hint?: string;
};

/** A labelled combobox of one thing out of a list: type to narrow it, arrows and Enter to choose. */
function ComboField({ label, hint, error, ...combobox }: ComboFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error}>
      <Combobox {...combobox} />
    </FormField>
  );
}

export function PractitionerField({
  practitioners,
  ...field
}: ChoiceProps & { practitioners: readonly PersonName[] }) {
  return (
    <ComboField
      label="Practitioner"
      listLabel="Practitioners"
      placeholder="Choose a practitioner"
      noMatches="No practitioners match"
      options={practitioners.map((practitioner) => ({
        value: practitioner.id,
        label: fullName(practitioner),
      }))}
      {...field}
    />
  );
}

/**
 * The offered services, saying how long the chosen one lasts and whether it is a video visit. `markVideo`
 * false leaves out the badge under the field, for a form whose own "Video visit" switch says it.
 */
export function ServiceField({
  services,
  markVideo = true,
  ...field
}: ChoiceProps & { services: ServiceType[]; markVideo?: boolean }) {
  const chosen = services.find((service) => service.id === field.value);
  const combo = (
    <ComboField
      label="Service"
      listLabel="Services"
      placeholder="Choose a service"
      noMatches="No services match"
      hint={lastsHint(services, field.value)}
      options={services.map((service) => ({
        value: service.id,
        label: service.name,
        hint: `${service.durationMinutes} minutes${service.isVideo ? ` · ${VIDEO_VISIT}` : ''}`,
      }))}
      {...field}
    />
  );
  if (!chosen?.isVideo || !markVideo) return combo;
  return (
    <div className="flex flex-col gap-1.5">
      {combo}
      <p className="flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
        <Badge variant="secondary">{VIDEO_VISIT}</Badge>
        {HELD_AS_A_CALL}
      </p>
    </div>
  );
}

/**
 * Whether this appointment is held as a video visit: a switch of its own, so one appointment of an in-person
 * service may be a call and the other way round. Forms show it only while the clinic has video visits on.
 */
/** The instant a day and a time of DayAndTimeFields name, in this browser's zone (Invalid Date when incomplete). */
export const startOfDayAndTime = ({ day, time }: { day: string; time: string }) =>
  parse(`${day} ${time}`, 'yyyy-MM-dd HH:mm', new Date());

/** The start an appointment form asks for: a day and a time (5-minute steps) side by side. */
export function DayAndTimeFields<T extends FieldValues & { day: string; time: string }, Context, Output>({
  control,
  time,
  labels,
  currentTime,
  required,
  dayError,
}: {
  control: Control<T, Context, Output>;
  /** The time's registration: form.register('time'). */
  time: UseFormRegisterReturn;
  labels: { day: string; time: string };
  /** The time the appointment has now, kept among the choices. */
  currentTime?: string;
  required?: boolean;
  dayError?: string;
}) {
  // `day` is a path of every such form; TypeScript cannot see it through the generic.
  const { field } = useController({ control, name: 'day' as Path<T> });
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <DateField
        label={labels.day}
        required={required}
        error={dayError}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
      />
      <FormField label={labels.time}>
        <TimeSelect stepMinutes={5} current={currentTime} required={required} {...time} />
      </FormField>
    </div>
  );
}

/** The Video visit switch of a form whose values carry `isVideo`, with its hint. */
export function VideoVisitField<T extends FieldValues & { isVideo: boolean }, Context, Output>({
  control,
}: {
  control: Control<T, Context, Output>;
}) {
  const id = useId();
  // `isVideo` is a path of every such form; TypeScript cannot see it through the generic.
  const { field } = useController({ control, name: 'isVideo' as Path<T> });
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-3">
        <Switch
          id={id}
          checked={field.value === true}
          onCheckedChange={field.onChange}
          aria-describedby={`${id}-hint`}
        />
        <label htmlFor={id} className="font-medium text-sm">
          {VIDEO_VISIT}
        </label>
      </div>
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        {HELD_AS_A_CALL}
      </p>
    </div>
  );
}

/** The notes both appointment forms end with, then Close and the form's own submit button. */
export function NotesAndSubmit({
  notes,
  error,
  pending,
  submit,
}: {
  notes: UseFormRegisterReturn;
  error?: string;
  pending: boolean;
  submit: { idle: string; pending: string };
}) {
  return (
    <>
      <FormField label="Notes" error={error}>
        <Textarea maxLength={APPOINTMENT_NOTES_MAX} {...notes} />
      </FormField>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Close</Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending ? submit.pending : submit.idle}
        </Button>
      </DialogFooter>
    </>
  );
}
