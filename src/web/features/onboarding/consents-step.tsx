import { useMemo } from 'react';
import {
  CONSENT_KINDS,
  CONSENT_TEXTS,
  consentField,
  consentsStepSchemaFor,
} from '../../../shared/onboarding';
import { formatterFor } from '../../lib/format';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import type { StepProps } from './detail-steps';
import { StepFrame } from './step-frame';
import { useIntakeStep } from './use-intake-step';

/** Each consent is signed by typing the account holder's full name; the last step, so it also finishes. */
export function ConsentsStep({ state, onSaved, onBack }: StepProps) {
  const schema = useMemo(() => consentsStepSchemaFor(state.fullName), [state.fullName]);
  const { form, onSubmit, error, busy } = useIntakeStep({
    step: 'consents',
    schema,
    defaults: { treatmentSignature: '', privacySignature: '', communicationSignature: '' },
    after: onSaved,
  });
  const { errors } = form.formState;
  return (
    <StepFrame
      step="consents"
      description={
        <>
          Read each consent and sign it by typing your full name, <strong>{state.fullName}</strong>. The time
          and the address you sign from are kept with your signature.
        </>
      }
      error={error}
      onSubmit={onSubmit}
      onBack={onBack}
      busy={busy}
      submitLabel="Sign and finish"
    >
      {CONSENT_KINDS.map((kind) => {
        const consent = CONSENT_TEXTS[kind];
        const field = consentField(kind);
        const previous = state.data.consents.find((signed) => signed.kind === kind);
        return (
          <fieldset key={kind} className="flex flex-col gap-3 rounded-md border border-border p-4">
            <legend className="px-1 font-medium">{consent.title}</legend>
            <p className="text-sm">{consent.body}</p>
            {previous ? (
              <p className="text-muted-foreground text-xs">
                Last signed {formatterFor().dateTime(previous.signedAt)} as “{previous.signedName}”.
              </p>
            ) : null}
            <FormField
              label={
                consent.required ? 'Type your full name to sign' : 'Type your full name to agree (optional)'
              }
              error={errors[field]?.message}
            >
              <Input autoComplete="off" {...form.register(field)} />
            </FormField>
          </fieldset>
        );
      })}
    </StepFrame>
  );
}
