import { Outlet } from 'react-router';
import { useUser } from '../features/auth/session';
import { useClinicFeatures } from '../features/clinic-features';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { RouteKeyOverride } from './route-info';

/**
 * Screens of care between visits exist only while the clinic has it on and for the roles named; otherwise
 * their address is unknown, exactly as the specification has it (its not-found page, outside the shell).
 */
export function CareBetweenVisitsGate({ roles }: { roles: readonly string[] }) {
  const user = useUser();
  const features = useClinicFeatures();
  if (features.isPending) return null;
  if (features.data?.careBetweenVisits && roles.includes(user.role)) return <Outlet />;
  return (
    <RouteKeyOverride.Provider value="notFound">
      <NotFoundPage />
    </RouteKeyOverride.Provider>
  );
}
