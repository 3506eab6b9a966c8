import { lazy, Suspense } from 'react';
import { NavLink } from 'react-router';
import type { Role } from '../../../shared/vocabulary/roles';
import { useCareBetweenVisits, useVideoVisits } from '../../features/clinic-features';
import { cn } from '../../lib/cn';
import { sidebarGroupsFor } from './sidebar-items';

// The counts come after the links: they need the messaging and onboarding queries, not the first paint.
const UnreadMessagesBadge = lazy(() =>
  import('../../features/messaging/unread-messages-badge').then((m) => ({ default: m.UnreadMessagesBadge })),
);
const OnboardingProgressBadge = lazy(() =>
  import('../../features/onboarding/onboarding-progress-badge').then((m) => ({
    default: m.OnboardingProgressBadge,
  })),
);

const MyExercisesItem = /* @__PURE__ */ lazy(() => import('./my-exercises-item'));

const itemClass =
  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium [&_svg]:size-4 [&_svg]:shrink-0';

/** The role's navigation; used in the large-screen sidebar and in the small-screen drawer. */
export function SidebarNav({
  role,
  label,
  onNavigate,
}: {
  role: Role;
  label: string;
  onNavigate?: () => void;
}) {
  const careBetweenVisits = useCareBetweenVisits();
  const videoVisits = useVideoVisits();
  const groups = sidebarGroupsFor(role, { careBetweenVisits, videoVisits });
  return (
    <nav aria-label={label} className="flex flex-col gap-5">
      {groups.map((group, index) => {
        const headingId = group.label
          ? `${label.replace(/\s+/g, '-').toLowerCase()}-group-${index}`
          : undefined;
        return (
          <div key={group.label ?? index} className="flex flex-col gap-1">
            {group.label ? (
              <h2
                id={headingId}
                className="px-3 font-semibold text-muted-foreground text-xs uppercase tracking-wide"
              >
                {group.label}
              </h2>
            ) : null}
            <ul aria-labelledby={headingId} className="flex flex-col gap-0.5">
              {group.items.flatMap((item) => [
                <li key={item.label}>
                  {item.disabled ? (
                    <span
                      aria-disabled="true"
                      className={cn(itemClass, 'cursor-not-allowed text-muted-foreground')}
                    >
                      <item.icon aria-hidden="true" />
                      {item.label}
                    </span>
                  ) : (
                    <NavLink
                      to={item.to}
                      end={item.to === '/'}
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
                      <item.icon aria-hidden="true" />
                      {item.label}
                      <Suspense fallback={null}>
                        {item.to === '/messages' ? <UnreadMessagesBadge /> : null}
                        {item.to === '/patient-onboarding' ? <OnboardingProgressBadge /> : null}
                      </Suspense>
                    </NavLink>
                  )}
                </li>,
                // A patient's home exercises sit after their notes, when the clinic offers them.
                role === 'patient' && item.to === '/recovery-notes' ? (
                  <Suspense key="my-exercises" fallback={null}>
                    <MyExercisesItem itemClass={itemClass} onNavigate={onNavigate} />
                  </Suspense>
                ) : null,
              ])}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
