import { NavLink } from 'react-router';
import { ROUTES, type RouteKey } from '../../../shared/routes';
import { cn } from '../../lib/cn';

const SECTIONS: RouteKey[] = [
  'admin',
  'adminStaff',
  'adminPractitioners',
  'adminPatients',
  'adminMembers',
  'adminAdmins',
  'adminTransactions',
  'adminDonations',
  'adminPublicBookings',
  'adminOrders',
  'adminPrintful',
  'adminEvents',
  'adminQuotes',
  'adminReports',
  'adminActivity',
  'adminImport',
];

/** The admin panel's own sections, above each of its pages. */
export function AdminNav() {
  return (
    <nav aria-label="Admin panel sections">
      <ul className="flex flex-wrap gap-2">
        {SECTIONS.map((key) => (
          <li key={key}>
            <NavLink
              to={ROUTES[key].path}
              end
              className={({ isActive }) =>
                cn(
                  'inline-flex rounded-md border border-border px-3 py-1.5 font-medium text-sm hover:bg-muted',
                  isActive && 'border-primary bg-primary text-primary-foreground hover:bg-primary',
                )
              }
            >
              {key === 'admin' ? 'Overview' : ROUTES[key].title}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
