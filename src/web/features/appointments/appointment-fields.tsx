import type { UseFormRegisterReturn } from 'react-hook-form';
import { APPOINTMENT_NOTES_MAX, type ServiceType } from '../../../shared/scheduling';
import { fullName } from '../../lib/format';
import { Button } from '../../ui/button';
import { DialogClose, DialogFooter } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { ChoiceField, Textarea } from '../../ui/select';

type PersonName = { id: string; firstName: string; lastName: string };

type ChoiceProps = { value: string; onChange: (id: string) => void; error?: string };

const lastsHint = (services: ServiceType[], chosenId: string) => {
  const chosen = services.find((service) => service.id === chosenId);
  return chosen ? `Lasts ${chosen.durationMinutes} minutes` : undefined;
};

export function PractitionerField({
  practitioners,
  ...field
}: ChoiceProps & { practitioners: readonly PersonName[] }) {
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
export function ServiceField({
  services,
  value,
  onChange,
  error,
}: ChoiceProps & { services: ServiceType[] }) {
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
