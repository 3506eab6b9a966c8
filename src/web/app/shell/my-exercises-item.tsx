import { HeartPulse } from 'lucide-react';
import { NavLink } from 'react-router';
import { MY_EXERCISES_PATH } from '../../../shared/vocabulary/exercise-programmes';
import { useCareBetweenVisits } from '../../features/clinic-features';
import { cn } from '../../lib/cn';

/**
 * The patient's My Exercises entry, only while the clinic has care between visits on. Loaded after the first
 * paint, so the shell's first download does not carry the clinic's capability query.
 */
export function MyExercisesItem({ itemClass, onNavigate }: { itemClass: string; onNavigate?: () => void }) {
  const isOn = useCareBetweenVisits();
  if (!isOn) return null;
  return (
    <li>
      <NavLink
        to={MY_EXERCISES_PATH}
        onClick={onNavigate}
        className={({ isActive }) =>
          cn(
            itemClass,
            isActive
              ? 'bg-primary text-primary-foreground'
              : 'text-foreground hover:bg-accent hover:text-accent-foreground',
          )
        }
      >
        <HeartPulse aria-hidden="true" />
        My Exercises
      </NavLink>
    </li>
  );
}
export default MyExercisesItem;
