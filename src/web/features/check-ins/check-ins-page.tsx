import { Link } from 'react-router';
import { formatScore, OUTCOME_MEASURES } from '../../../shared/outcome-measures';
import { formatterFor } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { LoadError } from '../../ui/load-error';
import { LoadingState } from '../../ui/spinner';
import { useUser } from '../auth';
import { useCheckIns } from './api';
import type { CheckIn } from './types';

const linkClass = 'rounded-sm font-medium text-primary underline-offset-4 hover:underline';

function CheckInRow({ checkIn }: { checkIn: CheckIn }) {
  const measure = OUTCOME_MEASURES[checkIn.measure];
  const format = formatterFor();
  const due = checkIn.status === 'due';
  const when = new Date(due ? checkIn.dueAt : (checkIn.completedAt ?? checkIn.createdAt));
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 flex-col gap-1">
        {due ? (
          <Link to={`/check-ins/${checkIn.id}`} className={linkClass}>
            {measure.title}
          </Link>
        ) : (
          <span className="font-medium">{measure.title}</span>
        )}
        <span className="text-muted-foreground text-sm">
          {due ? 'Asked ' : 'Answered '}
          <time dateTime={when.toISOString()}>{format.dateTime(when.toISOString())}</time>
          {checkIn.requestedByName ? ` · from ${checkIn.requestedByName}` : ''}
        </span>
      </div>
      {due ? (
        <Badge>To fill in</Badge>
      ) : (
        <Badge variant="outline">{`Score ${formatScore(checkIn.measure, checkIn.score ?? 0)}`}</Badge>
      )}
    </li>
  );
}

/**
 * /check-ins: a patient's check-ins, what is to fill in first and what is done below. Other roles see a
 * patient's check-ins in the patient's record instead. The route's CareBetweenVisitsGate shows it only while
 * the clinic has care between visits on.
 */
export function CheckInsPage() {
  const user = useUser();
  const list = useCheckIns();
  if (user.role !== 'patient')
    return (
      <p className="text-muted-foreground">
        Patients fill in their check-ins here. A patient's scores show on their recovery chart in{' '}
        <Link to="/clients" className={linkClass}>
          their record
        </Link>
        .
      </p>
    );
  if (list.isError)
    return <LoadError message="Could not load your check-ins." retry={() => list.refetch()} />;
  if (!list.data) return <LoadingState label="Loading check-ins…" />;
  const due = list.data.items.filter((item) => item.status === 'due');
  const done = list.data.items.filter((item) => item.status === 'completed');
  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <section aria-labelledby="check-ins-due" className="flex flex-col gap-2">
        <h2 id="check-ins-due" className="font-semibold text-lg">
          To fill in
        </h2>
        {due.length === 0 ? (
          <p className="text-muted-foreground">Nothing to fill in right now.</p>
        ) : (
          <ul className="divide-y divide-border">
            {due.map((item) => (
              <CheckInRow key={item.id} checkIn={item} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="check-ins-done" className="flex flex-col gap-2">
        <h2 id="check-ins-done" className="font-semibold text-lg">
          Done
        </h2>
        {done.length === 0 ? (
          <p className="text-muted-foreground">No check-ins answered yet.</p>
        ) : (
          <ul className="divide-y divide-border">
            {done.map((item) => (
              <CheckInRow key={item.id} checkIn={item} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
