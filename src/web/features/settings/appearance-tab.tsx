import { useId } from 'react';
import { toast } from 'sonner';
import { createFormatter } from '../../../shared/display-format';
import type { Preferences, UpdatePreferencesInput } from '../../../shared/preferences';
import { useFormatter } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { Label } from '../../ui/label';
import { ChoiceGroup } from '../../ui/radio-group';
import { LoadingState } from '../../ui/spinner';
import { Switch } from '../../ui/switch';
import { THEME_LABELS, usePreferences, useUpdatePreferences } from '../preferences';

type BooleanPreference = {
  [K in keyof Preferences]: Preferences[K] extends boolean ? K : never;
}[keyof Preferences];

const TOGGLES: ReadonlyArray<{ name: BooleanPreference; label: string; description: string }> = [
  {
    name: 'highContrast',
    label: 'High contrast',
    description: 'Stronger colours and borders. Also on when your system asks for more contrast.',
  },
  {
    name: 'reduceMotion',
    label: 'Reduce motion',
    description: 'Turns off animations. Also on when your system asks for reduced motion.',
  },
  { name: 'compactMode', label: 'Compact mode', description: 'Denser spacing so more fits on the screen.' },
  {
    name: 'screenReaderOptimized',
    label: 'Screen reader optimised',
    description: 'Underlined links and stronger focus outlines.',
  },
  {
    name: 'showPatientPhotos',
    label: 'Show patient photos',
    description: 'Show photos next to patient names in lists.',
  },
  {
    name: 'showWeekends',
    label: 'Show weekends',
    description: 'Include Saturday and Sunday in the calendar.',
  },
];

function PreferenceSwitch({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="flex flex-col gap-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-description`} className="text-muted-foreground text-xs">
          {description}
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-description`} />
    </div>
  );
}

/** Half past two in the afternoon, the example each clock choice shows itself with, and an hour's session. */
const EXAMPLE = new Date(2026, 0, 1, 14, 30);
const EXAMPLE_END = new Date(2026, 0, 1, 15, 30);

function clockOptions(locale: string | undefined) {
  const example = (timeFormat: Preferences['timeFormat']) =>
    createFormatter({ locale, timeFormat }).time(EXAMPLE);
  return [
    { value: 'auto', label: `As my language writes it (${example('auto')})` },
    { value: '12h', label: `12-hour (${example('12h')})` },
    { value: '24h', label: `24-hour (${example('24h')})` },
  ] as const;
}

export function AppearanceTab() {
  const format = useFormatter();
  const preferences = usePreferences();
  const update = useUpdatePreferences();

  if (preferences.isPending) return <LoadingState label="Loading your preferences…" />;
  if (preferences.isError)
    return <Alert variant="error">Could not load your preferences. Please reload the page.</Alert>;
  const current = preferences.data;

  const save = (changes: UpdatePreferencesInput) =>
    update.mutate(changes, {
      onSuccess: () => toast.success('Preferences saved'),
      onError: () => toast.error('Could not save your preferences. Please try again.'),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Appearance</CardTitle>
        <CardDescription>Changes are saved as soon as you make them.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <ChoiceGroup
          label="Theme"
          description="System follows your device’s light or dark setting."
          value={current.theme}
          options={(['light', 'dark', 'auto'] as const).map((value) => ({
            value,
            label: THEME_LABELS[value],
          }))}
          onChange={(theme) => save({ theme })}
        />
        <ChoiceGroup
          label="Text size"
          value={current.fontSizeScale}
          options={[
            { value: 'small', label: 'Small' },
            { value: 'medium', label: 'Medium' },
            { value: 'large', label: 'Large' },
          ]}
          onChange={(fontSizeScale) => save({ fontSizeScale })}
        />
        <ChoiceGroup
          label="Clock"
          description={`How times read everywhere in the portal, the calendar included: ${format.timeRange(EXAMPLE, EXAMPLE_END)}.`}
          value={current.timeFormat}
          options={clockOptions(format.settings.locale)}
          onChange={(timeFormat) => save({ timeFormat })}
        />
        <ChoiceGroup
          label="Default calendar view"
          value={current.calendarView}
          options={[
            { value: 'day', label: 'Day' },
            { value: 'week', label: 'Week' },
            { value: 'month', label: 'Month' },
          ]}
          onChange={(calendarView) => save({ calendarView })}
        />
        <div className="divide-y divide-border">
          {TOGGLES.map((toggle) => (
            <PreferenceSwitch
              key={toggle.name}
              label={toggle.label}
              description={toggle.description}
              checked={current[toggle.name]}
              onChange={(checked) => save({ [toggle.name]: checked })}
            />
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
