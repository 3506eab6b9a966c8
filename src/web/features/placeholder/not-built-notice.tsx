import { Construction } from 'lucide-react';
import { Card, CardContent } from '../../ui/card';

/** Screens a later issue fills say so plainly and show no invented data. */
export function NotBuiltNotice({ description }: { description?: string }) {
  return (
    <Card>
      <CardContent className="flex items-start gap-3 pt-6">
        <Construction aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="flex flex-col gap-1">
          <p className="font-medium">This area is not built yet.</p>
          {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
        </div>
      </CardContent>
    </Card>
  );
}
