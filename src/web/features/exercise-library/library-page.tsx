import { Archive, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  BODY_REGION_LABELS,
  type BodyRegion,
  type Exercise,
  ListExercisesQuerySchema,
} from '../../../shared/exercise-library';
import { isApiRequestError } from '../../lib/api-error';
import { useUrlFilters } from '../../lib/use-url-filters';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { FilterBar, SelectFilter } from '../../ui/filter-bar';
import { PagedList } from '../../ui/paged-list';
import { SearchFilter } from '../../ui/search-filter';
import { useArchiveExercise, useExerciseList } from './api';
import { ExerciseDialog } from './exercise-dialog';
import { dosageOf, REGION_OPTIONS } from './exercise-form';
import { ExerciseMedia } from './exercise-media';

const FILTER_KEYS = ['search', 'region', 'tag', 'status'] as const;
const STATUS_OPTIONS = [
  { value: 'active', label: 'In use' },
  { value: 'archived', label: 'Archived' },
] as const;

function ExerciseCard({ exercise, onEdit }: { exercise: Exercise; onEdit: (exercise: Exercise) => void }) {
  const archive = useArchiveExercise();
  const toggle = () =>
    archive.mutate(
      { id: exercise.id, archived: !exercise.archived },
      {
        onSuccess: () =>
          toast.success(
            exercise.archived ? `${exercise.name} is back in use` : `${exercise.name} is archived`,
          ),
        onError: (caught) =>
          toast.error(
            isApiRequestError(caught) ? caught.message : 'Could not change the exercise. Please try again.',
          ),
      },
    );
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-card p-3 text-card-foreground">
      <ExerciseMedia exercise={exercise} />
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="break-words font-semibold text-base">{exercise.name}</h2>
        <p className="text-muted-foreground text-sm">
          {BODY_REGION_LABELS[exercise.bodyRegion]} · {dosageOf(exercise)}
        </p>
        {exercise.tags.length ? (
          <ul className="flex flex-wrap gap-1" aria-label={`Tags of ${exercise.name}`}>
            {exercise.tags.map((tag) => (
              <li key={tag}>
                <Badge variant="outline">{tag}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="line-clamp-3 whitespace-pre-line break-words text-sm">{exercise.instructions}</p>
      </div>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          onClick={() => onEdit(exercise)}
          aria-label={`Edit ${exercise.name}`}
        >
          <Pencil aria-hidden /> Edit
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={archive.isPending}
          onClick={toggle}
          aria-label={`${exercise.archived ? 'Restore' : 'Archive'} ${exercise.name}`}
        >
          <Archive aria-hidden />
          {exercise.archived ? 'Restore' : 'Archive'}
        </Button>
      </div>
    </li>
  );
}

/** /exercises: the clinic's exercise library (the router shows it only while care between visits is on). */
export function ExerciseLibraryPage() {
  const [filters, change] = useUrlFilters(FILTER_KEYS, ListExercisesQuerySchema);
  const list = useExerciseList({
    search: filters.search,
    region: filters.region as BodyRegion | '',
    tag: filters.tag.toLowerCase(),
    archived: filters.status === 'archived',
  });
  const [dialog, setDialog] = useState<{ open: boolean; editing: Exercise | null }>({
    open: false,
    editing: null,
  });
  const exercises = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(filters.search || filters.region || filters.tag);
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-muted-foreground text-sm">Exercises to build home programmes from.</p>
        <Button onClick={() => setDialog({ open: true, editing: null })}>
          <Plus aria-hidden /> New exercise
        </Button>
      </div>
      <FilterBar label="Find exercises">
        <SearchFilter
          label="Search"
          hint="Name, instructions or tag"
          value={filters.search}
          maxLength={100}
          onChange={(search) => change({ search })}
        />
        <SelectFilter
          label="Body region"
          value={filters.region as BodyRegion | ''}
          emptyLabel="All regions"
          options={REGION_OPTIONS}
          onChange={(region) => change({ region })}
        />
        <SearchFilter
          label="Tag"
          hint="One tag, such as balance"
          value={filters.tag}
          maxLength={30}
          onChange={(tag) => change({ tag })}
        />
        <SelectFilter
          label="Status"
          value={(filters.status || 'active') as 'active' | 'archived'}
          options={STATUS_OPTIONS}
          onChange={(status) => change({ status: status === 'active' ? '' : status })}
        />
      </FilterBar>
      <PagedList
        query={list}
        count={exercises.length}
        loadingLabel="Loading exercises…"
        errorText="Could not load the exercises."
        emptyText={filtered ? 'No exercises match your filters.' : 'No exercises yet.'}
        loadMoreErrorText="Could not load more exercises. Please try again."
      >
        <ul
          aria-label={`Exercises: ${exercises.length} shown`}
          className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
        >
          {exercises.map((exercise) => (
            <ExerciseCard
              key={exercise.id}
              exercise={exercise}
              onEdit={(editing) => setDialog({ open: true, editing })}
            />
          ))}
        </ul>
      </PagedList>
      <ExerciseDialog
        open={dialog.open}
        editing={dialog.editing}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
    </div>
  );
}
