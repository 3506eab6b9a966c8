import { Store } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../ui/button';

export function StoreButton() {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to="/store">
        <Store aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Store</span>
      </Link>
    </Button>
  );
}
