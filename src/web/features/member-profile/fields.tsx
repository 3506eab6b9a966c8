import { useId } from 'react';
import type { FieldErrors, Path, UseFormRegister, UseFormRegisterReturn } from 'react-hook-form';
import {
  MEMBER_CITY_MAX,
  MEMBER_INTEREST_LABELS,
  MEMBER_INTERESTS,
  type MemberInterest,
  SUPPORT_WAY_LABELS,
  SUPPORT_WAYS,
  type SupportWay,
} from '../../../shared/member-profile';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';

type CheckboxGroupProps<T extends string> = {
  legend: string;
  hint?: string;
  values: readonly T[];
  labels: Record<T, string>;
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
  error?: string;
};

/** Several choices of a fixed list: a fieldset named by its legend, its hint and error tied to it. */
export function CheckboxGroup<T extends string>(props: CheckboxGroupProps<T>) {
  const id = useId();
  const hintId = props.hint ? `${id}-hint` : undefined;
  const errorId = props.error ? `${id}-error` : undefined;
  const toggle = (value: T, on: boolean) =>
    props.onChange(props.values.filter((each) => (each === value ? on : props.chosen.includes(each))));
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      aria-invalid={props.error ? true : undefined}
    >
      <legend className="mb-1 font-medium text-sm">{props.legend}</legend>
      {props.hint ? (
        <p id={hintId} className="text-muted-foreground text-xs">
          {props.hint}
        </p>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {props.values.map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={props.chosen.includes(value)}
              onChange={(event) => toggle(value, event.target.checked)}
            />
            {props.labels[value]}
          </label>
        ))}
      </div>
      {props.error ? (
        <p id={errorId} className="font-medium text-destructive text-sm">
          {props.error}
        </p>
      ) : null}
    </fieldset>
  );
}

export const InterestsField = (props: {
  chosen: readonly MemberInterest[];
  onChange: (chosen: MemberInterest[]) => void;
  error?: string;
}) => (
  <CheckboxGroup
    legend="What are you interested in?"
    hint="Choose all that apply."
    values={MEMBER_INTERESTS}
    labels={MEMBER_INTEREST_LABELS}
    {...props}
  />
);

export const SupportField = (props: {
  chosen: readonly SupportWay[];
  onChange: (chosen: SupportWay[]) => void;
  error?: string;
}) => (
  <CheckboxGroup
    legend="How do you support the clinic?"
    hint="Choose all that apply."
    values={SUPPORT_WAYS}
    labels={SUPPORT_WAY_LABELS}
    {...props}
  />
);

type ContactValues = {
  newsletter: boolean;
  eventAnnouncements: boolean;
  phone: string;
  city: string;
  country: string;
};

function Toggle({ label, ...registered }: { label: string } & UseFormRegisterReturn) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" className="size-4 accent-primary" {...registered} />
      {label}
    </label>
  );
}

/** How the member likes to hear from the clinic, and where they are. */
export function ContactFields<T extends ContactValues>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<ContactValues>;
}) {
  const field = (name: keyof ContactValues) => register(name as Path<T>);
  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium text-sm">Emails from the clinic</legend>
        <Toggle label="The monthly newsletter" {...field('newsletter')} />
        <Toggle label="New events as they are announced" {...field('eventAnnouncements')} />
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="Phone (optional)" error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" {...field('phone')} />
        </FormField>
        <FormField label="City (optional)" error={errors.city?.message}>
          <Input autoComplete="address-level2" maxLength={MEMBER_CITY_MAX} {...field('city')} />
        </FormField>
        <FormField
          label="Country code (optional)"
          error={errors.country?.message}
          hint="Two letters, such as US"
        >
          <Input autoComplete="country" maxLength={2} {...field('country')} />
        </FormField>
      </div>
    </>
  );
}
