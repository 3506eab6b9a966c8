import type { RouteKey } from '../../../shared/routes';
import { AREA_DESCRIPTIONS } from './descriptions';
import { NotBuiltNotice } from './not-built-notice';

export function NotBuiltPage({ route }: { route: RouteKey }) {
  return <NotBuiltNotice description={AREA_DESCRIPTIONS[route]} />;
}
