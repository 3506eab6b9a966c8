import { Link, useLocation } from 'react-router';
import { PublicLayout } from '../../app/shell/public-layout';
import { Button } from '../../ui/button';
import { useSession } from '../auth';

export function NotFoundPage() {
  const { status } = useSession();
  const { pathname } = useLocation();
  return (
    <PublicLayout>
      <p className="text-muted-foreground">
        We could not find <span className="font-mono text-foreground">{pathname}</span>. The link may be old
        or mistyped.
      </p>
      <div>
        <Button asChild>
          {status === 'signed-in' ? (
            <Link to="/">Go to your dashboard</Link>
          ) : (
            <Link to="/login">Go to sign in</Link>
          )}
        </Button>
      </div>
    </PublicLayout>
  );
}
