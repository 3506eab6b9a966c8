import { HeartPulse } from 'lucide-react';
import { Link } from 'react-router';
import { APP_NAME } from '../../shared/routes';

const BRAND_CLASSES = 'flex items-center gap-2 font-semibold text-foreground text-lg';

/** The clinic's name and mark, a link home; `asText` shows it without the link (nothing to use yet). */
export function Brand({ asText = false }: { asText?: boolean }) {
  const mark = (
    <>
      <HeartPulse aria-hidden="true" className="size-6 text-primary" />
      {APP_NAME}
    </>
  );
  if (asText) return <span className={BRAND_CLASSES}>{mark}</span>;
  return (
    <Link to="/" className={BRAND_CLASSES}>
      {mark}
    </Link>
  );
}
