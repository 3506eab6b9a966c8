import { formatterFor } from '../../lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { LoadError } from '../../ui/load-error';
import { PageHeading } from '../../ui/page-heading';
import { LoadingState } from '../../ui/spinner';
import { useUser } from '../auth';
import { useCareBetweenVisits, useClinicFeatures } from '../clinic-features';
import { useReminder, useToday } from './api';
import { ExerciseCheckIn } from './check-in-form';
import { CopyActions } from './copy-actions';
import { ReminderForm } from './reminder-form';

/** The patient's home exercises for today, one card each, their reminder, and a copy to print or keep. */
export function MyExercisesPage() {
  const user = useUser();
  const features = useClinicFeatures();
  const isOn = useCareBetweenVisits();
  if (features.isPending) return <LoadingState label="Loading…" />;
  if (!isOn || user.role !== 'patient')
    return (
      <div className="flex flex-col gap-2">
        <PageHeading title="My Exercises" />
        <p>
          {isOn
            ? 'Home exercises are for patients: open a patient’s record to see theirs.'
            : 'This page is not available.'}
        </p>
      </div>
    );
  return <PatientExercisesToday />;
}

function PatientExercisesToday() {
  const today = useToday();
  const reminder = useReminder();
  return (
    <div className="flex flex-col gap-4">
      <PageHeading
        title="My Exercises"
        subtitle={today.data ? `Today, ${formatterFor().day(today.data.day)}` : undefined}
      />
      {today.isPending ? <LoadingState label="Loading your exercises…" /> : null}
      {today.isError ? (
        <LoadError message="Could not load your exercises." retry={() => today.refetch()} />
      ) : null}
      {today.data && today.data.programmes.length === 0 ? (
        <p>
          You have no home exercise programme running today. Your practitioner will add one when it helps.
        </p>
      ) : null}
      {today.data?.programmes.map(({ programme, checkIns }) => {
        const done = programme.items.filter((item) => checkIns[item.exerciseId]?.done).length;
        return (
          <section
            key={programme.id}
            aria-labelledby={`programme-${programme.id}`}
            className="flex flex-col gap-3"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id={`programme-${programme.id}`} className="font-semibold text-lg">
                {programme.title}
              </h2>
              <p className="text-muted-foreground text-sm" aria-live="polite">
                {done} of {programme.items.length} done today
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <CopyActions programmeId={programme.id} title={programme.title} />
            </div>
            <div className="grid gap-3 lg:grid-cols-2">
              {programme.items.map((item) => (
                <ExerciseCheckIn
                  key={`${item.id}-${checkIns[item.exerciseId]?.done ? 'done' : 'open'}`}
                  programmeId={programme.id}
                  item={item}
                  saved={checkIns[item.exerciseId]}
                />
              ))}
            </div>
          </section>
        );
      })}
      <Card aria-labelledby="reminder-heading">
        <CardHeader>
          <CardTitle id="reminder-heading">Daily reminder</CardTitle>
        </CardHeader>
        <CardContent>
          {reminder.data ? (
            <ReminderForm reminder={reminder.data} />
          ) : (
            <LoadingState label="Loading your reminder…" />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export default MyExercisesPage;
