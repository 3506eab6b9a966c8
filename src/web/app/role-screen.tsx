import type { ReactNode } from 'react';
import { dashboardFor, type RouteKey } from '../../shared/routes';
import { useUser } from '../features/auth/session';
import { AppShell, DashboardScreen, MemberLayout, NotBuiltPage } from './lazy-pages';

/** Members get no shell: their pages use a simple top bar (PRODUCT.md, member area). */
export function RoleLayout() {
  const user = useUser();
  return user.role === 'member' ? <MemberLayout /> : <AppShell />;
}

/** A signed-in route shows its screen, or the dashboard the route table gives this role instead. */
export function RoleScreen({ route, page }: { route: RouteKey; page?: ReactNode }) {
  const user = useUser();
  const dashboard = dashboardFor(route, user.role);
  if (dashboard) return <DashboardScreen kind={dashboard} />;
  return <>{page ?? <NotBuiltPage route={route} />}</>;
}
