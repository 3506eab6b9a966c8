import {
  type Control,
  Controller,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import type { PATIENT_RECORD_FIELDS } from '../../../shared/patients';
import { DatePicker } from '../../ui/date-picker';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Textarea } from '../../ui/select';

type RecordField = (typeof PATIENT_RECORD_FIELDS)[number];
type FieldKind = 'text' | 'date' | 'tel' | 'textarea';
type FieldSpec = { name: RecordField; label: string; kind?: FieldKind; autoComplete?: string };

const GROUPS: Array<{ title: string; fields: FieldSpec[] }> = [
  {
    title: 'Demographics',
    fields: [
      { name: 'dateOfBirth', label: 'Date of birth', kind: 'date', autoComplete: 'off' },
      { name: 'sex', label: 'Sex' },
      { name: 'gender', label: 'Gender' },
    ],
  },
  {
    title: 'Contact',
    fields: [
      { name: 'phone', label: 'Phone', kind: 'tel', autoComplete: 'off' },
      { name: 'addressLine1', label: 'Address line 1' },
      { name: 'addressLine2', label: 'Address line 2' },
      { name: 'city', label: 'City' },
      { name: 'region', label: 'Region' },
      { name: 'postalCode', label: 'Postal code' },
      { name: 'country', label: 'Country' },
    ],
  },
  {
    title: 'Emergency contact',
    fields: [
      { name: 'emergencyContactName', label: 'Emergency contact name' },
      { name: 'emergencyContactRelationship', label: 'Emergency contact relationship' },
      { name: 'emergencyContactPhone', label: 'Emergency contact phone', kind: 'tel', autoComplete: 'off' },
    ],
  },
  {
    title: 'Insurance',
    fields: [
      { name: 'insuranceProvider', label: 'Insurance provider' },
      { name: 'insurancePolicyNumber', label: 'Policy number' },
      { name: 'insuranceGroupNumber', label: 'Group number' },
    ],
  },
  {
    title: 'Health',
    fields: [
      { name: 'medicalHistory', label: 'Medical history', kind: 'textarea' },
      { name: 'allergies', label: 'Allergies', kind: 'textarea' },
      { name: 'medications', label: 'Medications', kind: 'textarea' },
    ],
  },
];

/** An emptied field clears the value on the server (the contract takes null as "clear"). */
export const blankToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

/** The record's own fields, grouped as the record shows them; used by the edit and the new-patient forms. */
export function RecordFields<T extends FieldValues>({
  register,
  control,
  errors,
}: {
  register: UseFormRegister<T>;
  control: Control<T>;
  errors: FieldErrors<T>;
}) {
  const messageOf = (name: RecordField) => {
    const message = errors[name]?.message;
    return typeof message === 'string' ? message : undefined;
  };
  return (
    <>
      {GROUPS.map((group) => (
        <fieldset key={group.title} className="flex flex-col gap-3 border-border border-t pt-3">
          <legend className="font-semibold text-sm">{group.title}</legend>
          {group.fields.map((field) => {
            if (field.kind === 'date') {
              return (
                <Controller
                  key={field.name}
                  control={control}
                  name={field.name as Path<T>}
                  render={({ field: day }) => (
                    <FormField label={field.label} error={messageOf(field.name)}>
                      <DatePicker
                        value={day.value ?? ''}
                        onChange={(value) => day.onChange(blankToNull(value))}
                        onBlur={day.onBlur}
                        max={new Date().toISOString().slice(0, 10)}
                        autoComplete={field.autoComplete}
                      />
                    </FormField>
                  )}
                />
              );
            }
            const registered = register(field.name as Path<T>, { setValueAs: blankToNull });
            return (
              <FormField key={field.name} label={field.label} error={messageOf(field.name)}>
                {field.kind === 'textarea' ? (
                  <Textarea {...registered} />
                ) : (
                  <Input
                    type={field.kind ?? 'text'}
                    autoComplete={field.autoComplete ?? 'off'}
                    {...registered}
                  />
                )}
              </FormField>
            );
          })}
        </fieldset>
      ))}
    </>
  );
}
