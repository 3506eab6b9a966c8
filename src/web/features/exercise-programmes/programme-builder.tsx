import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ChevronsUpDown } from 'lucide-react';
import { useState } from 'react';
import { type Control, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { toast } from 'sonner';
import type { ProgrammeProgress } from '../../../shared/exercise-programmes';
import {
  type Programme,
  ProgrammeFormSchema,
  type ProgrammeSummary,
  type ProgrammeTemplate,
} from '../../../shared/exercise-programmes';
import { api } from '../../lib/api-client';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { refusalOf } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Select, Textarea } from '../../ui/select';
import { useAssignProgramme, useChangeProgramme, useSaveTemplate, useTemplates } from './api';
import { ExercisePicker } from './exercise-picker';

type Row = {
  exerciseId: string;
  name: string;
  sets: number | null;
  reps: number | null;
  holdSeconds: number | null;
  timesPerDay: number;
  daysPerWeek: number;
  notes: string;
};
type Values = {
  patientId: string;
  title: string;
  startDate: string;
  reviewDate: string | null;
  items: Row[];
};

const today = () => new Date().toISOString().slice(0, 10);
const rowsOf = (items: Programme['items']): Row[] =>
  items.map(({ exerciseId, name, sets, reps, holdSeconds, timesPerDay, daysPerWeek, notes }) => ({
    exerciseId,
    name,
    sets,
    reps,
    holdSeconds,
    timesPerDay,
    daysPerWeek,
    notes,
  }));
const withoutNames = (items: Row[]) => items.map(({ name: _name, ...item }) => item);
const numberOrNull = {
  setValueAs: (value: string | number | null) => (value === '' || value === null ? null : Number(value)),
};

/**
 * Builds a programme from the library, a template or a previous programme, or changes one (a new version).
 * Exercises are ordered by dragging their handle, or with Move up and Move down from the keyboard.
 */
export function ProgrammeBuilder({
  patientId,
  editing,
  previous,
  onDone,
}: {
  patientId: string;
  editing: Programme | null;
  previous: ProgrammeSummary[];
  onDone: () => void;
}) {
  const form = useZodForm(ProgrammeFormSchema, {
    patientId,
    title: editing?.title ?? '',
    startDate: editing?.startDate ?? today(),
    reviewDate: editing?.reviewDate ?? null,
    items: editing ? rowsOf(editing.items) : [],
  } as Values);
  const items = useFieldArray({
    control: form.control as unknown as Control<Values>,
    name: 'items',
    keyName: 'key',
  });
  const assign = useAssignProgramme();
  const change = useChangeProgramme(editing?.id ?? '');
  const saveTemplate = useSaveTemplate();
  const templates = useTemplates();
  const [error, setError] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const errors = form.formState.errors;
  const register = form.register as unknown as UseFormRegister<Values>;
  const chosen = new Set(items.fields.map((field) => field.exerciseId));

  const replaceWith = (rows: Row[]) => items.replace(rows);
  const fromTemplate = (id: string) => {
    const template = templates.data?.find((candidate: ProgrammeTemplate) => candidate.id === id);
    if (template) replaceWith(template.items.map((item) => ({ ...item })));
  };
  const fromPrevious = async (id: string) => {
    const copied = await api.get<ProgrammeProgress>(`/api/exercise-programmes/${id}`);
    replaceWith(rowsOf(copied.programme.items));
    if (!form.getValues('title')) form.setValue('title', copied.programme.title);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.fields.findIndex((field) => field.key === active.id);
    const to = items.fields.findIndex((field) => field.key === over.id);
    if (from >= 0 && to >= 0) items.move(from, to);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      if (editing) {
        await change.mutateAsync({
          title: values.title,
          reviewDate: values.reviewDate,
          items: withoutNames(values.items as Row[]),
        });
        toast.success('Programme changed: the patient sees the new version');
      } else {
        await assign.mutateAsync({ ...values, items: withoutNames(values.items as Row[]) });
        toast.success('Programme assigned');
      }
      onDone();
    } catch (caught) {
      setError(refusalOf(caught, 'The programme could not be saved.').message);
    }
  });

  const onSaveTemplate = async () => {
    const name = form.getValues('title').trim();
    const rows = form.getValues('items') as Row[];
    if (!name || rows.length === 0) {
      setError('Give the programme a title and at least one exercise to save it as a template.');
      return;
    }
    try {
      await saveTemplate.mutateAsync({ name, items: withoutNames(rows) });
      toast.success(`Saved as the template “${name}”`);
    } catch (caught) {
      setError(refusalOf(caught, 'The template could not be saved.').message);
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={editing ? 'Change programme' : 'New programme'}
      className="flex flex-col gap-3"
    >
      <h3 className="font-semibold">
        {editing ? `Change “${editing.title}”` : 'New home exercise programme'}
      </h3>
      {error ? <Alert variant="error">{error}</Alert> : null}
      <FormField label="Title" error={errors.title?.message}>
        <Input {...form.register('title')} />
      </FormField>
      <div className="grid gap-2 sm:grid-cols-2">
        <FormField label="Start date" error={errors.startDate?.message}>
          <Input type="date" disabled={editing !== null} {...form.register('startDate')} />
        </FormField>
        <FormField label="Review date" error={errors.reviewDate?.message} hint="Optional">
          <Input
            type="date"
            {...form.register('reviewDate', { setValueAs: (value: string) => value || null })}
          />
        </FormField>
      </div>
      {editing ? null : (
        <div className="grid gap-2 sm:grid-cols-2">
          <FormField label="Start from a template">
            <Select defaultValue="" onChange={(event) => fromTemplate(event.target.value)}>
              <option value="">Choose a template</option>
              {(templates.data ?? []).map((template) => (
                <option key={template.id} value={template.id}>
                  {template.name}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Copy a previous programme">
            <Select
              defaultValue=""
              onChange={(event) => event.target.value && void fromPrevious(event.target.value)}
            >
              <option value="">Choose a programme</option>
              {previous.map((programme) => (
                <option key={programme.id} value={programme.id}>
                  {programme.title} ({programme.startDate})
                </option>
              ))}
            </Select>
          </FormField>
        </div>
      )}
      <ExercisePicker
        chosen={chosen}
        onAdd={(exercise) =>
          items.append({
            exerciseId: exercise.id,
            name: exercise.name,
            sets: exercise.sets,
            reps: exercise.reps,
            holdSeconds: exercise.holdSeconds,
            timesPerDay: exercise.timesPerDay,
            daysPerWeek: exercise.daysPerWeek,
            notes: '',
          })
        }
      />
      {errors.items?.message || errors.items?.root?.message ? (
        <p className="font-medium text-destructive text-sm">
          {errors.items?.message ?? errors.items?.root?.message}
        </p>
      ) : null}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext
          items={items.fields.map((field) => field.key)}
          strategy={verticalListSortingStrategy}
        >
          <ol aria-label="Exercises in this programme" className="flex flex-col gap-2">
            {items.fields.map((field, index) => (
              <SortableItem
                key={field.key}
                id={field.key}
                index={index}
                name={(field as unknown as Row).name}
                count={items.fields.length}
                register={register}
                errors={errors.items?.[index] as Record<string, { message?: string }> | undefined}
                onMove={(to) => items.move(index, to)}
                onRemove={() => items.remove(index)}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={assign.isPending || change.isPending}>
          {editing ? 'Save new version' : 'Assign programme'}
        </Button>
        <Button type="button" variant="outline" onClick={onSaveTemplate} disabled={saveTemplate.isPending}>
          Save as template
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function SortableItem({
  id,
  index,
  name,
  count,
  register,
  errors,
  onMove,
  onRemove,
}: {
  id: string;
  index: number;
  name: string;
  count: number;
  register: UseFormRegister<Values>;
  errors: Record<string, { message?: string }> | undefined;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } = useSortable({
    id,
  });
  const field = (key: 'sets' | 'reps' | 'holdSeconds' | 'timesPerDay' | 'daysPerWeek') =>
    `items.${index}.${key}` as const;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className="flex flex-col gap-2 rounded-lg border border-border bg-card p-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="cursor-grab rounded p-1 text-muted-foreground hover:bg-muted"
          {...attributes}
          {...listeners}
          aria-label={`Drag ${name} to reorder`}
        >
          <ChevronsUpDown className="size-4" aria-hidden />
        </button>
        <span className="min-w-0 flex-1 break-words font-medium">
          {index + 1}. {name}
        </span>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
          aria-label={`Move ${name} up`}
        >
          Up
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
          aria-label={`Move ${name} down`}
        >
          Down
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${name}`}>
          Remove
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        <FormField label="Sets" error={errors?.sets?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={20}
            {...register(field('sets'), numberOrNull)}
          />
        </FormField>
        <FormField label="Reps" error={errors?.reps?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={200}
            {...register(field('reps'), numberOrNull)}
          />
        </FormField>
        <FormField label="Hold (s)" error={errors?.holdSeconds?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={600}
            {...register(field('holdSeconds'), numberOrNull)}
          />
        </FormField>
        <FormField label="Times a day" error={errors?.timesPerDay?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={10}
            {...register(field('timesPerDay'), { valueAsNumber: true })}
          />
        </FormField>
        <FormField label="Days a week" error={errors?.daysPerWeek?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={7}
            {...register(field('daysPerWeek'), { valueAsNumber: true })}
          />
        </FormField>
      </div>
      <FormField label="Notes for the patient" error={errors?.notes?.message}>
        <Textarea rows={2} {...register(`items.${index}.notes`)} />
      </FormField>
    </li>
  );
}
