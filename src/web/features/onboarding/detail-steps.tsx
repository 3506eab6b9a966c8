import { format } from 'date-fns';
import { Controller } from 'react-hook-form';
import {
  ContactStepSchema,
  InsuranceStepSchema,
  type OnboardingState,
  PersonalStepSchema,
  SEX_LABELS,
  SEX_OPTIONS,
} from '../../../shared/onboarding';
import { DateField } from '../../ui/date-picker';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { StepFrame, selectClass } from './step-frame';
import { text, useIntakeStep } from './use-intake-step';

export type StepProps = { state: OnboardingState; onSaved: () => void | Promise<void>; onBack?: () => void };

export function PersonalStep({ state, onSaved, onBack }: StepProps) {
  const saved = state.data.personal;
  const { form, onSubmit, error, busy } = useIntakeStep({
    step: 'personal',
    schema: PersonalStepSchema,
    defaults: {
      dateOfBirth: text(saved.dateOfBirth),
      sex: (saved.sex ?? '') as (typeof SEX_OPTIONS)[number],
      gender: text(saved.gender),
    },
    after: onSaved,
  });
  const { errors } = form.formState;
  return (
    <StepFrame step="personal" error={error} onSubmit={onSubmit} onBack={onBack} busy={busy}>
      <Controller
        control={form.control}
        name="dateOfBirth"
        render={({ field }) => (
          <DateField
            label="Date of birth"
            error={errors.dateOfBirth?.message}
            autoComplete="bday"
            max={format(new Date(), 'yyyy-MM-dd')}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
      <FormField label="Sex" error={errors.sex?.message} hint="As recorded at birth; used for clinical care.">
        <select className={selectClass} {...form.register('sex')}>
          <option value="">Choose…</option>
          {SEX_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {SEX_LABELS[option]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField label="Gender (optional)" error={errors.gender?.message} hint="How you describe yourself.">
        <Input {...form.register('gender')} />
      </FormField>
    </StepFrame>
  );
}

export function ContactStep({ state, onSaved, onBack }: StepProps) {
  const saved = state.data.contact;
  const { form, onSubmit, error, busy } = useIntakeStep({
    step: 'contact',
    schema: ContactStepSchema,
    defaults: {
      phone: text(saved.phone),
      addressLine1: text(saved.addressLine1),
      addressLine2: text(saved.addressLine2),
      city: text(saved.city),
      region: text(saved.region),
      postalCode: text(saved.postalCode),
      country: text(saved.country),
      emergencyContactName: text(saved.emergencyContactName),
      emergencyContactRelationship: text(saved.emergencyContactRelationship),
      emergencyContactPhone: text(saved.emergencyContactPhone),
    },
    after: onSaved,
  });
  const { errors } = form.formState;
  return (
    <StepFrame step="contact" error={error} onSubmit={onSubmit} onBack={onBack} busy={busy}>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-medium">Your contact details</legend>
        <FormField label="Phone" error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" {...form.register('phone')} />
        </FormField>
        <FormField label="Address line 1" error={errors.addressLine1?.message}>
          <Input autoComplete="address-line1" {...form.register('addressLine1')} />
        </FormField>
        <FormField label="Address line 2 (optional)" error={errors.addressLine2?.message}>
          <Input autoComplete="address-line2" {...form.register('addressLine2')} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="City" error={errors.city?.message}>
            <Input autoComplete="address-level2" {...form.register('city')} />
          </FormField>
          <FormField label="Region (optional)" error={errors.region?.message}>
            <Input autoComplete="address-level1" {...form.register('region')} />
          </FormField>
          <FormField label="Postal code" error={errors.postalCode?.message}>
            <Input autoComplete="postal-code" {...form.register('postalCode')} />
          </FormField>
          <FormField label="Country" error={errors.country?.message}>
            <Input autoComplete="country-name" {...form.register('country')} />
          </FormField>
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 font-medium">Emergency contact</legend>
        <FormField label="Emergency contact name" error={errors.emergencyContactName?.message}>
          <Input {...form.register('emergencyContactName')} />
        </FormField>
        <FormField label="Relationship" error={errors.emergencyContactRelationship?.message}>
          <Input {...form.register('emergencyContactRelationship')} />
        </FormField>
        <FormField label="Emergency contact phone" error={errors.emergencyContactPhone?.message}>
          <Input type="tel" {...form.register('emergencyContactPhone')} />
        </FormField>
      </fieldset>
    </StepFrame>
  );
}

export function InsuranceStep({ state, onSaved, onBack }: StepProps) {
  const saved = state.data.insurance;
  const { form, onSubmit, error, busy } = useIntakeStep({
    step: 'insurance',
    schema: InsuranceStepSchema,
    defaults: {
      insuranceProvider: text(saved.insuranceProvider),
      insurancePolicyNumber: text(saved.insurancePolicyNumber),
      insuranceGroupNumber: text(saved.insuranceGroupNumber),
    },
    after: onSaved,
  });
  const { errors } = form.formState;
  return (
    <StepFrame
      step="insurance"
      description="Leave these empty if you pay for your care yourself."
      error={error}
      onSubmit={onSubmit}
      onBack={onBack}
      busy={busy}
    >
      <FormField label="Insurance provider" error={errors.insuranceProvider?.message}>
        <Input {...form.register('insuranceProvider')} />
      </FormField>
      <FormField label="Policy number" error={errors.insurancePolicyNumber?.message}>
        <Input {...form.register('insurancePolicyNumber')} />
      </FormField>
      <FormField label="Group number (optional)" error={errors.insuranceGroupNumber?.message}>
        <Input {...form.register('insuranceGroupNumber')} />
      </FormField>
    </StepFrame>
  );
}
