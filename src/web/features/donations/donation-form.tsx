import type { FormEvent } from 'react';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { AmountChoice } from './amount-choice';

export type DonorDetails = { preset: string; custom: string; fullName: string; email: string; phone: string };

type DonationFormProps = {
  details: DonorDetails;
  onChange: (details: DonorDetails) => void;
  /** The signed-in donor's address, used when the email field is left empty. */
  accountEmail: string | null;
  isPreparing: boolean;
  onSubmit: () => void;
};

/** Amount, name, email and phone; the dialog checks them and raises the specified toasts. */
export function DonationForm({ details, onChange, accountEmail, isPreparing, onSubmit }: DonationFormProps) {
  const set = (patch: Partial<DonorDetails>) => onChange({ ...details, ...patch });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Donation details" className="flex flex-col gap-4">
      <AmountChoice
        preset={details.preset}
        custom={details.custom}
        onPresetChange={(preset) => set({ preset, custom: '' })}
        onCustomChange={(custom) => set({ custom, preset: '' })}
      />
      <FormField label="Full name">
        <Input
          autoComplete="name"
          value={details.fullName}
          onChange={(event) => set({ fullName: event.target.value })}
        />
      </FormField>
      <FormField
        label={accountEmail ? 'Email (optional)' : 'Email'}
        hint={
          accountEmail
            ? `Your receipt goes to ${accountEmail} unless you give another address.`
            : 'Your receipt is sent here.'
        }
      >
        <Input
          type="email"
          autoComplete="email"
          value={details.email}
          onChange={(event) => set({ email: event.target.value })}
        />
      </FormField>
      <FormField label="Phone (optional)">
        <Input
          type="tel"
          autoComplete="tel"
          value={details.phone}
          onChange={(event) => set({ phone: event.target.value })}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={isPreparing}>
          {isPreparing ? 'Preparing payment…' : 'Continue to payment'}
        </Button>
      </div>
    </form>
  );
}
