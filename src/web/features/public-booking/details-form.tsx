import { useEffect, useRef } from 'react';
import {
  BOOKING_REASON_MAX,
  type BookingDetails,
  BookingDetailsSchema,
} from '../../../shared/public-booking';
import { applyServerErrors } from '../../lib/form-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Textarea } from '../../ui/select';

export const DETAIL_FIELDS = ['name', 'email', 'phone', 'reason'] as const;

type DetailsFormProps = {
  summary: string;
  submitLabel: string;
  error: string | null;
  /** The clinic's cancellation and no-show fees, said before the visitor confirms; null when it has none. */
  policy?: string | null;
  onBack: () => void;
  /** Sends the details; fieldErrors puts a refusal's field messages on the fields and answers the form's. */
  onSubmit: (details: BookingDetails, fieldErrors: (caught: unknown) => string) => Promise<void>;
};

/** Name, email, phone and reason, checked by the contract's own schema before anything is sent. */
export function DetailsForm({ summary, submitLabel, error, policy, onBack, onSubmit }: DetailsFormProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const form = useZodForm(BookingDetailsSchema, { name: '', email: '', phone: '', reason: '' });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit((details) =>
    onSubmit(details, (caught) =>
      applyServerErrors(caught, {
        fields: DETAIL_FIELDS,
        setError: form.setError,
        fallback: 'The booking could not be sent. Please try again.',
      }),
    ),
  );
  return (
    <section aria-labelledby="booking-details-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2
          id="booking-details-heading"
          ref={heading}
          tabIndex={-1}
          className="font-semibold text-lg outline-none"
        >
          3. Your details
        </h2>
        <p className="text-muted-foreground text-sm">{summary}</p>
      </div>
      {error ? <Alert variant="error">{error}</Alert> : null}
      <form onSubmit={submit} noValidate aria-label="Your details" className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Name" error={errors.name?.message}>
            <Input autoComplete="name" {...form.register('name')} />
          </FormField>
          <FormField label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </FormField>
          <FormField label="Phone" error={errors.phone?.message}>
            <Input type="tel" autoComplete="tel" {...form.register('phone')} />
          </FormField>
        </div>
        <FormField
          label="Reason for the visit"
          error={errors.reason?.message}
          hint="Optional: what you would like help with."
        >
          <Textarea maxLength={BOOKING_REASON_MAX} {...form.register('reason')} />
        </FormField>
        {policy ? <Alert variant="info">{policy}</Alert> : null}
        <div className="flex flex-wrap justify-between gap-3">
          <Button variant="outline" onClick={onBack} disabled={isSubmitting}>
            Choose another time
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Sending…' : submitLabel}
          </Button>
        </div>
      </form>
    </section>
  );
}
