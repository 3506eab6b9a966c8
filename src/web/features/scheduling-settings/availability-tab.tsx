import { useId, useState } from 'react';
import { Alert } from '../../ui/alert';
import { Label } from '../../ui/label';
import { Select } from '../../ui/select';
import { LoadingState } from '../../ui/spinner';
import { useAvailability } from '../appointments';
import { useUser } from '../auth';
import { usePractitioners } from '../patients';
import { BookingSettingsCard } from './booking-settings-card';
import { DateOverridesCard } from './date-overrides-card';
import { TimeOffCard } from './time-off-card';
import { WeeklyHoursCard } from './weekly-hours-card';

/** One practitioner's booking settings, week, days that differ and time off. */
function PractitionerAvailability({ practitionerId }: { practitionerId: string }) {
  const availability = useAvailability(practitionerId);
  if (availability.isPending) return <LoadingState label="Loading availability…" />;
  if (availability.isError)
    return <Alert variant="error">Could not load the availability. Please reload the page.</Alert>;
  const { settings, weeklyHours, dateOverrides, timeOff } = availability.data;
  return (
    <div className="flex flex-col gap-6">
      <BookingSettingsCard settings={settings} />
      <WeeklyHoursCard practitionerId={practitionerId} hours={weeklyHours} />
      <DateOverridesCard practitionerId={practitionerId} overrides={dateOverrides} />
      <TimeOffCard practitionerId={practitionerId} timeZone={settings.timeZone} timeOff={timeOff} />
    </div>
  );
}

/** Staff and admin choose whose availability to keep. */
function PractitionerPicker() {
  const practitioners = usePractitioners(true);
  const [chosen, setChosen] = useState('');
  const id = useId();
  if (practitioners.isPending) return <LoadingState label="Loading practitioners…" />;
  if (practitioners.isError)
    return <Alert variant="error">Could not load the practitioners. Please reload the page.</Alert>;
  const list = practitioners.data;
  if (list.length === 0)
    return <p className="text-muted-foreground text-sm">There are no practitioners yet.</p>;
  const practitionerId = chosen || list[0].id;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex max-w-sm flex-col gap-1.5">
        <Label htmlFor={id}>Practitioner</Label>
        <Select id={id} value={practitionerId} onChange={(event) => setChosen(event.target.value)}>
          {list.map((practitioner) => (
            <option key={practitioner.id} value={practitioner.id}>
              {practitioner.firstName} {practitioner.lastName}
            </option>
          ))}
        </Select>
      </div>
      <PractitionerAvailability key={practitionerId} practitionerId={practitionerId} />
    </div>
  );
}

/** Settings, availability: a practitioner keeps their own; staff and admin anyone's. */
export function AvailabilityTab() {
  const user = useUser();
  return user.role === 'practitioner' ? (
    <PractitionerAvailability practitionerId={user.id} />
  ) : (
    <PractitionerPicker />
  );
}
