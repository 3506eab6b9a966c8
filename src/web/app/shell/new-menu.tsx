import { ChevronDown, Plus } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';

/** The calendar listens for this to open its own new-appointment dialog. */
export const NEW_APPOINTMENT_EVENT = 'calendar:new-appointment';

const COMING_SOON = ['Task', 'Reminder', 'Meeting', 'Out of Office', 'Note', 'Patient'] as const;

/** The 'New' menu; the shell hides it from patients. */
export function NewMenu() {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const newAppointment = () => {
    if (pathname === '/calendar') window.dispatchEvent(new CustomEvent(NEW_APPOINTMENT_EVENT));
    else void navigate('/calendar?action=appointment');
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="sm">
          <Plus aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">New</span>
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={newAppointment}>Appointment</DropdownMenuItem>
        {COMING_SOON.map((label) => (
          <DropdownMenuItem key={label} disabled>
            {label} (Coming Soon)
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
