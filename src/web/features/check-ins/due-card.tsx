import { Link } from 'react-router';
import { OUTCOME_MEASURES } from '../../../shared/outcome-measures';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { useCareBetweenVisits } from '../clinic-features';
import { useCheckIns } from './api';

const linkClass = 'rounded-sm font-medium text-primary underline-offset-4 hover:underline';

/** On the patient's dashboard while something is to fill in; nothing otherwise, or while the capability is off. */
export function CheckInsDueCard() {
  const on = useCareBetweenVisits();
  const list = useCheckIns();
  const due = list.data?.items.filter((item) => item.status === 'due') ?? [];
  if (!on || due.length === 0) return null;
  return (
    <Card aria-labelledby="dashboard-check-ins">
      <CardHeader>
        <CardTitle id="dashboard-check-ins">Check-ins to fill in</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <ul className="flex flex-col gap-1">
          {due.slice(0, 3).map((item) => (
            <li key={item.id}>
              <Link to={`/check-ins/${item.id}`} className={linkClass}>
                {OUTCOME_MEASURES[item.measure].title}
              </Link>
            </li>
          ))}
        </ul>
        <Link to="/check-ins" className={linkClass}>
          All my check-ins
        </Link>
      </CardContent>
    </Card>
  );
}
