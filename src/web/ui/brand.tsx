import { HeartPulse } from 'lucide-react';
import { Link } from 'react-router';
import { APP_NAME } from '../../shared/routes';

export function Brand() {
  return (
    <Link to="/" className="flex items-center gap-2 font-semibold text-foreground text-lg">
      <HeartPulse aria-hidden="true" className="size-6 text-primary" />
      {APP_NAME}
    </Link>
  );
}
