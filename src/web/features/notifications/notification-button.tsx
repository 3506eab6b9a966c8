import { Bell } from 'lucide-react';
import { Button } from '../../ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '../../ui/popover';

/** The bell; the notification drawer comes with the notification centre. */
export function NotificationButton() {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open notifications">
          <Bell aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Notifications">
        <h2 className="mb-1 font-semibold">Notifications</h2>
        <p className="text-muted-foreground text-sm">The notification centre is not built yet.</p>
      </PopoverContent>
    </Popover>
  );
}
