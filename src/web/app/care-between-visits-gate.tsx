import { Outlet } from 'react-router';
import type { ClinicFeatures } from '../../shared/clinic-features';
import { useUser } from '../features/auth/session';
import { useClinicFeatures } from '../features/clinic-features';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { RouteKeyOverride } from './route-info';

/**
 * Screens of an optional capability exist only while the clinic has it on and for the roles named; otherwise
 * their address is unknown, exactly as the specification has it (its not-found page, outside the shell).
 */
export function CapabilityGate({
  capability,
  roles,
}: {
  capability: keyof ClinicFeatures;
  roles: readonly string[];
}) {
  const user = useUser();
  const features = useClinicFeatures();
  if (features.isPending) return null;
  if (features.data?.[capability] && roles.includes(user.role)) return <Outlet />;
  return (
    <RouteKeyOverride.Provider value="notFound">
      <NotFoundPage />
    </RouteKeyOverride.Provider>
  );
}

export function CareBetweenVisitsGate({ roles }: { roles: readonly string[] }) {
  return <CapabilityGate capability="careBetweenVisits" roles={roles} />;
}

export function VideoVisitsGate({ roles }: { roles: readonly string[] }) {
  return <CapabilityGate capability="videoVisits" roles={roles} />;
}
