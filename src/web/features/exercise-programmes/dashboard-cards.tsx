import { Link } from 'react-router';
import { MY_EXERCISES_PATH } from '../../../shared/vocabulary/exercise-programmes';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { useCareBetweenVisits } from '../clinic-features';
import { useToday, useWorsening } from './api';
import { percentText } from './format';

const linkClass = 'rounded-sm font-medium text-primary underline-offset-4 hover:underline';

/** The patient's dashboard: how many of today's exercises are done, and the way to them. */
export function TodayExercisesCard() {
  const today = useToday();
  const items = today.data?.programmes.flatMap(({ programme, checkIns }) =>
    programme.items.map((item) => ({ item, done: checkIns[item.exerciseId]?.done === true })),
  );
  const done = items?.filter((entry) => entry.done).length ?? 0;
  return (
    <Card aria-labelledby="dashboard-today-exercises">
      <CardHeader>
        <CardTitle id="dashboard-today-exercises">Today’s exercises</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {today.isError ? <p>Could not load your exercises.</p> : null}
        {items && items.length === 0 ? <p>No home exercises today.</p> : null}
        {items && items.length > 0 ? (
          <>
            <p className="flex items-baseline gap-2">
              <span className="font-semibold text-3xl tabular-nums">{done}</span>
              <span className="text-muted-foreground">of {items.length} done today</span>
            </p>
            <ul className="flex flex-col gap-1 text-sm">
              {items.slice(0, 5).map(({ item, done: isDone }) => (
                <li key={item.id}>
                  {isDone ? '✓ ' : ''}
                  {item.name}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <Link to={MY_EXERCISES_PATH} className={linkClass}>
          Open my exercises
        </Link>
      </CardContent>
    </Card>
  );
}

/** The practitioner's dashboard: care-team patients whose adherence fell or pain rose this week. */
export function WorseningCard() {
  const list = useWorsening();
  return (
    <Card aria-labelledby="dashboard-worsening" className="lg:col-span-2">
      <CardHeader>
        <CardTitle id="dashboard-worsening">Home exercises going worse</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-muted-foreground text-sm">
          The last 7 days against the 7 before: adherence down 20 points or more, or pain up 2 or more.
        </p>
        {list.isError ? <p>Could not load the list.</p> : null}
        {list.data && list.data.items.length === 0 ? <p>Nobody in your care team is going worse.</p> : null}
        {list.data && list.data.items.length > 0 ? (
          <ul aria-label="Patients going worse" className="flex flex-col gap-2 text-sm">
            {list.data.items.slice(0, 10).map((row) => (
              <li key={row.patientId} className="flex flex-wrap items-baseline justify-between gap-2">
                <Link to={`/clients?patient=${row.patientId}&tab=exercises`} className={linkClass}>
                  {row.patientName}
                </Link>
                <span className="text-muted-foreground">
                  adherence {percentText(row.adherenceBefore)} → {percentText(row.adherenceNow)}
                  {row.painNow !== null ? ` · pain ${row.painBefore ?? '–'} → ${row.painNow}` : ''}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The dashboard's exercise card for the role, only while the clinic has care between visits on. */
export function ExerciseDashboardCard({ kind }: { kind: 'patient' | 'practitioner' }) {
  const isOn = useCareBetweenVisits();
  if (!isOn) return null;
  return kind === 'patient' ? <TodayExercisesCard /> : <WorseningCard />;
}
