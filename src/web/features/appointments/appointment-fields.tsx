import type { UseFormRegisterReturn } from 'react-hook-form';
import { APPOINTMENT_NOTES_MAX, type ServiceType } from '../../../shared/scheduling';
import { fullName } from '../../lib/format';
import { Button } from '../../ui/button';
import { Combobox, type ComboboxOption } from '../../ui/combobox';
import { DialogClose, DialogFooter } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Textarea } from '../../ui/select';

type PersonName = { id: string; firstName: string; lastName: string };

type ChoiceProps = { value: string; onChange: (id: string) => void; error?: string };

const lastsHint = (services: ServiceType[], chosenId: string) => {
  const chosen = services.find((service) => service.id === chosenId);
  return chosen ? `Lasts ${chosen.durationMinutes} minutes` : undefined;
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

/** The offered services, saying how long the chosen one lasts. */
export function ServiceField({ services, ...field }: ChoiceProps & { services: ServiceType[] }) {
  return (
    <ComboField
      label="Service"
      listLabel="Services"
      placeholder="Choose a service"
      noMatches="No services match"
      hint={lastsHint(services, field.value)}
      options={services.map((service) => ({
        value: service.id,
        label: service.name,
        hint: `${service.durationMinutes} minutes`,
      }))}
      {...field}
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
