import { useState } from 'react';
import type { ExerciseChoice } from '../../../shared/exercise-programmes';
import { BODY_REGION_LABELS, BODY_REGIONS, type BodyRegion } from '../../../shared/exercises';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Select } from '../../ui/select';
import { useExerciseSearch } from './api';

/** The library, searched by name and body region; Add puts an exercise at the end of the programme. */
export function ExercisePicker({
  chosen,
  onAdd,
}: {
  chosen: Set<string>;
  onAdd: (exercise: ExerciseChoice) => void;
}) {
  const [q, setQ] = useState('');
  const [region, setRegion] = useState<BodyRegion | ''>('');
  const search = useExerciseSearch(q, region);
  return (
    <fieldset className="flex flex-col gap-2 rounded-lg border border-border p-3">
      <legend className="px-1 font-medium text-sm">Add from the library</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        <FormField label="Search exercises">
          <Input type="search" value={q} onChange={(event) => setQ(event.target.value)} placeholder="Name" />
        </FormField>
        <FormField label="Body region">
          <Select value={region} onChange={(event) => setRegion(event.target.value as BodyRegion | '')}>
            <option value="">Any region</option>
            {BODY_REGIONS.map((value) => (
              <option key={value} value={value}>
                {BODY_REGION_LABELS[value]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {search.isError ? <p className="text-destructive text-sm">Could not search the library.</p> : null}
      <ul aria-label="Library exercises" className="flex max-h-56 flex-col gap-1 overflow-y-auto">
        {(search.data ?? []).map((exercise) => (
          <li
            key={exercise.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md px-2 py-1 hover:bg-muted"
          >
            <span className="min-w-0 break-words">
              {exercise.name}{' '}
              <span className="text-muted-foreground text-xs">{BODY_REGION_LABELS[exercise.bodyRegion]}</span>
            </span>
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={chosen.has(exercise.id)}
              onClick={() => onAdd(exercise)}
              aria-label={`Add ${exercise.name}`}
            >
              {chosen.has(exercise.id) ? 'Added' : 'Add'}
            </Button>
          </li>
        ))}
        {search.data && search.data.length === 0 ? (
          <li className="text-muted-foreground text-sm">No exercises match.</li>
        ) : null}
      </ul>
    </fieldset>
  );
}
