import type { FieldErrors, Path, UseFormRegister } from 'react-hook-form';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';

type PersonFieldValues = { firstName: string; lastName: string; email: string; phone?: string | null };

/** Name, email and phone: the same four fields on registration and on the profile. */
export function PersonFields<T extends PersonFieldValues>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<PersonFieldValues>;
}) {
  const field = (name: keyof PersonFieldValues) => register(name as Path<T>);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...field('firstName')} />
        </FormField>
        <FormField label="Last name" error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...field('lastName')} />
        </FormField>
      </div>
      <FormField label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...field('email')} />
      </FormField>
      <FormField label="Phone (optional)" error={errors.phone?.message}>
        <Input type="tel" autoComplete="tel" {...field('phone')} />
      </FormField>
    </>
  );
}
