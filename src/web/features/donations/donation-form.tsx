import type { FormEventHandler } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { AmountChoice } from './amount-choice';
import type { DonorDetails } from './donor-details';

type DonationFormProps = {
  form: UseFormReturn<DonorDetails, unknown, unknown>;
  /** The signed-in donor's address, used when the email field is left empty. */
  accountEmail: string | null;
  isPreparing: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
};

/** Amount, name, email and phone; the dialog checks them and raises the specified toasts. */
export function DonationForm({ form, accountEmail, isPreparing, onSubmit }: DonationFormProps) {
  const [preset, custom] = form.watch(['preset', 'custom']);
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Donation details" className="flex flex-col gap-4">
      <AmountChoice
        preset={preset}
        custom={custom}
        onPresetChange={(chosen) => {
          form.setValue('preset', chosen);
          form.setValue('custom', '');
        }}
        onCustomChange={(typed) => {
          form.setValue('custom', typed);
          form.setValue('preset', '');
          form.clearErrors('custom');
        }}
        error={form.formState.errors.custom?.message}
      />
      <FormField label="Full name">
        <Input autoComplete="name" {...form.register('fullName')} />
      </FormField>
      <FormField
        label={accountEmail ? 'Email (optional)' : 'Email'}
        hint={
          accountEmail
            ? `Your receipt goes to ${accountEmail} unless you give another address.`
            : 'Your receipt is sent here.'
        }
      >
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <FormField label="Phone (optional)">
        <Input type="tel" autoComplete="tel" {...form.register('phone')} />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={isPreparing}>
          {isPreparing ? 'Preparing payment…' : 'Continue to payment'}
        </Button>
      </div>
    </form>
  );
}
