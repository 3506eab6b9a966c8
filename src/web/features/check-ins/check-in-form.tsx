import { RadioGroup as RadioPrimitive } from 'radix-ui';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  formatScore,
  type MeasureItem,
  OUTCOME_MEASURES,
  type OutcomeMeasure,
  scoreMeasure,
} from '../../../shared/outcome-measures';
import { cn } from '../../lib/cn';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { LoadError } from '../../ui/load-error';
import { LoadingState } from '../../ui/spinner';
import { useUser } from '../auth';
import { useCheckIn, useSubmitCheckIn } from './api';
import type { CheckIn } from './types';

/** The form's values: each question's answer as typed or picked, checked against the measure on sending. */
const AnswersFormSchema = z.record(z.string(), z.string());
type Answers = z.infer<typeof AnswersFormSchema>;
type Form = ReturnType<typeof useZodForm<typeof AnswersFormSchema>>;

/** A 0-10 or 0-4 scale as big radio targets; arrow keys move between them, the anchors say what the ends mean. */
function ScaleQuestion({ item, form, number }: { item: MeasureItem; form: Form; number: number }) {
  const id = useId();
  const error = form.formState.errors[item.linkId]?.message;
  const options = item.answerOption ?? [];
  const wordy = options.some((option) => option.label !== String(option.value));
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 font-medium text-base">
        <span className="sr-only">{`Question ${number}: `}</span>
        {item.text}
        {item.required ? null : <span className="text-muted-foreground text-sm"> (optional)</span>}
      </legend>
      <Controller
        control={form.control}
        name={item.linkId}
        render={({ field }) => (
          <RadioPrimitive.Root
            value={field.value ?? ''}
            onValueChange={field.onChange}
            aria-label={item.text}
            className={cn('grid gap-2', wordy ? 'grid-cols-1' : 'grid-cols-6 sm:grid-cols-11')}
          >
            {options.map((option) => (
              <RadioPrimitive.Item
                key={option.value}
                value={String(option.value)}
                aria-label={wordy ? `${option.value}: ${option.label}` : String(option.value)}
                className={cn(
                  'min-h-12 rounded-md border border-input bg-background px-3 text-base tabular-nums',
                  'focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2',
                  'data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground',
                  wordy ? 'text-left' : 'text-center',
                )}
              >
                {wordy ? `${option.value} · ${option.label}` : option.value}
              </RadioPrimitive.Item>
            ))}
          </RadioPrimitive.Root>
        )}
      />
      {item.anchors ? (
        <p className="flex justify-between gap-4 text-muted-foreground text-sm">
          <span>{`${options[0]?.value ?? 0} = ${item.anchors.low}`}</span>
          <span className="text-right">{`${options.at(-1)?.value ?? 10} = ${item.anchors.high}`}</span>
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="font-medium text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function TextQuestion({ item, form }: { item: MeasureItem; form: Form }) {
  const id = useId();
  const error = form.formState.errors[item.linkId]?.message;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-base">
        {item.text}
        {item.required ? null : <span className="text-muted-foreground text-sm"> (optional)</span>}
      </label>
      <Input
        id={id}
        className="min-h-12 text-base"
        maxLength={200}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...form.register(item.linkId)}
      />
      {error ? (
        <p id={`${id}-error`} className="font-medium text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Questions shown together (an activity and its rating); each other question is a region of its own. */
function regionsOf(measure: OutcomeMeasure) {
  const regions: MeasureItem[][] = [];
  for (const item of measure.items) {
    const last = regions.at(-1);
    if (item.type === 'integer' && last?.at(-1)?.type === 'string' && last[0]?.group === item.group)
      last.push(item);
    else regions.push([item]);
  }
  return regions;
}

function MeasureForm({ checkIn }: { checkIn: CheckIn }) {
  const measure = OUTCOME_MEASURES[checkIn.measure];
  const form = useZodForm(
    AnswersFormSchema,
    Object.fromEntries(measure.items.map((item) => [item.linkId, ''])) as Answers,
  );
  const submit = useSubmitCheckIn(checkIn.id);
  const navigate = useNavigate();
  let number = 0;

  const onSubmit = form.handleSubmit(async (values) => {
    const answers = measure.items.flatMap((item) => {
      const raw = values[item.linkId]?.trim() ?? '';
      if (!raw) return [];
      return [{ linkId: item.linkId, value: item.type === 'integer' ? Number(raw) : raw }];
    });
    const scored = scoreMeasure(measure.code, answers);
    if (!scored.ok) {
      for (const problem of scored.problems) form.setError(problem.linkId, { message: problem.message });
      form.setFocus(scored.problems[0]!.linkId);
      return;
    }
    try {
      const done = await submit.mutateAsync(answers);
      toast.success(
        `Thank you: your ${measure.shortTitle} score is ${formatScore(done.measure, done.score ?? 0)}`,
      );
      navigate('/check-ins');
    } catch (error) {
      form.setError('root', { message: (error as Error).message || 'Could not send your answers.' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-2xl flex-col gap-4" aria-label={measure.title}>
      <p className="text-muted-foreground">{measure.instructions}</p>
      {regionsOf(measure).map((region) => (
        <section
          key={region[0]!.linkId}
          className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4"
        >
          {region.map((item) => {
            if (item.type === 'string') return <TextQuestion key={item.linkId} item={item} form={form} />;
            number += 1;
            return <ScaleQuestion key={item.linkId} item={item} form={form} number={number} />;
          })}
        </section>
      ))}
      {form.formState.errors.root ? (
        <Alert variant="error">{form.formState.errors.root.message}</Alert>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="lg" disabled={submit.isPending}>
          {submit.isPending ? 'Sending…' : 'Send my answers'}
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to="/check-ins">Back to check-ins</Link>
        </Button>
      </div>
    </form>
  );
}

/** /check-ins/:id: one measure to fill in, made for a phone (big targets, one question per region). */
export function CheckInPage() {
  const { id = '' } = useParams();
  const user = useUser();
  const checkIn = useCheckIn(id);
  if (checkIn.isError)
    return (
      <LoadError
        message={checkIn.error.message || 'Could not load the check-in.'}
        retry={() => checkIn.refetch()}
      />
    );
  if (!checkIn.data) return <LoadingState label="Loading the check-in…" />;
  const measure = OUTCOME_MEASURES[checkIn.data.measure];
  return (
    <div className="flex flex-col gap-4">
      <h2 className="font-semibold text-xl">{measure.title}</h2>
      {checkIn.data.status === 'due' && user.role === 'patient' ? (
        <MeasureForm checkIn={checkIn.data} />
      ) : (
        <p>
          {checkIn.data.status === 'completed'
            ? `Answered: score ${formatScore(checkIn.data.measure, checkIn.data.score ?? 0)}.`
            : checkIn.data.status === 'due'
              ? `Waiting for ${checkIn.data.patientName} to answer.`
              : 'This check-in was withdrawn.'}{' '}
          <Link to="/check-ins" className="font-medium text-primary underline-offset-4 hover:underline">
            Back to check-ins
          </Link>
        </p>
      )}
    </div>
  );
}
