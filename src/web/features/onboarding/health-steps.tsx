import {
  AllergiesStepSchema,
  GOAL_TEXT_MAX,
  GOALS_MAX,
  GoalsStepSchema,
  type IntakeStep,
  MedicalHistoryStepSchema,
  MedicationsStepSchema,
} from '../../../shared/onboarding';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import type { StepProps } from './detail-steps';
import { StepFrame, textareaClass } from './step-frame';
import { text, useIntakeStep } from './use-intake-step';

/** The three free-text clinical steps share one shape: one required text, 'None' when there is nothing. */
function ClinicalTextStep({
  step,
  label,
  description,
  field,
  value,
  schema,
  onSaved,
  onBack,
}: Omit<StepProps, 'state'> & {
  step: ClinicalStep;
  label: string;
  description: string;
  field: 'medicalHistory' | 'medications' | 'allergies';
  value: string | null;
  schema: typeof MedicalHistoryStepSchema | typeof MedicationsStepSchema | typeof AllergiesStepSchema;
}) {
  const { form, onSubmit, error, busy } = useIntakeStep({
    step,
    schema,
    defaults: { [field]: text(value) } as Record<typeof field, string>,
    after: onSaved,
  });
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  return (
    <StepFrame
      step={step}
      description={description}
      error={error}
      onSubmit={onSubmit}
      onBack={onBack}
      busy={busy}
    >
      <FormField
        label={label}
        error={errors[field]?.message}
        hint="Write 'None' if there is nothing to tell."
      >
        <textarea className={textareaClass} {...form.register(field as never)} />
      </FormField>
    </StepFrame>
  );
}

type ClinicalStep = Extract<IntakeStep, 'medical-history' | 'medications' | 'allergies'>;

const CLINICAL_STEPS = {
  'medical-history': {
    label: 'Medical history',
    description: 'Past injuries, operations and conditions that your practitioner should know about.',
    field: 'medicalHistory',
    schema: MedicalHistoryStepSchema,
  },
  medications: {
    label: 'Medications',
    description: 'Medicines and supplements you take, with the dose if you know it.',
    field: 'medications',
    schema: MedicationsStepSchema,
  },
  allergies: {
    label: 'Allergies',
    description: 'Allergies to medicines, materials (such as latex or tape) or anything else.',
    field: 'allergies',
    schema: AllergiesStepSchema,
  },
} as const;

const clinicalStep = (step: ClinicalStep) => {
  const { field, ...copy } = CLINICAL_STEPS[step];
  return ({ state, onSaved, onBack }: StepProps) => (
    <ClinicalTextStep
      step={step}
      field={field}
      value={state.data[field]}
      onSaved={onSaved}
      onBack={onBack}
      {...copy}
    />
  );
};

export const MedicalHistoryStep = clinicalStep('medical-history');
export const MedicationsStep = clinicalStep('medications');
export const AllergiesStep = clinicalStep('allergies');

export function GoalsStep({ state, onSaved, onBack }: StepProps) {
  const saved = state.data.goals;
  const goals = Array.from({ length: GOALS_MAX }, (_, index) => saved.goals[index] ?? '');
  const { form, onSubmit, error, busy } = useIntakeStep({
    step: 'goals',
    schema: GoalsStepSchema,
    defaults: { mainConcern: text(saved.mainConcern), goals },
    after: onSaved,
  });
  const { errors } = form.formState;
  const goalsError = errors.goals?.message ?? errors.goals?.root?.message;
  return (
    <StepFrame
      step="goals"
      description="What you would like your recovery to give you back."
      error={error}
      onSubmit={onSubmit}
      onBack={onBack}
      busy={busy}
    >
      <FormField label="What brings you to the clinic?" error={errors.mainConcern?.message}>
        <textarea className={textareaClass} {...form.register('mainConcern')} />
      </FormField>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-medium">Your recovery goals</legend>
        {goals.map((_, index) => (
          <FormField
            // biome-ignore lint/suspicious/noArrayIndexKey: the goal inputs are fixed slots
            key={index}
            label={index === 0 ? 'Goal 1' : `Goal ${index + 1} (optional)`}
            error={index === 0 ? goalsError : errors.goals?.[index]?.message}
            hint={index === 0 ? 'For example: walk the dog for 30 minutes without pain.' : undefined}
          >
            <Input maxLength={GOAL_TEXT_MAX} {...form.register(`goals.${index}`)} />
          </FormField>
        ))}
      </fieldset>
    </StepFrame>
  );
}
