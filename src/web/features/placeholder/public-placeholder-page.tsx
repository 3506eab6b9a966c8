import type { RouteKey } from '../../../shared/routes';
import { NotBuiltPage } from './not-built-page';
import { PublicLayout } from './public-layout';

export function PublicPlaceholderPage({ route }: { route: RouteKey }) {
  return (
    <PublicLayout>
      <NotBuiltPage route={route} />
    </PublicLayout>
  );
}
