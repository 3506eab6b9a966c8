import { toast } from 'sonner';
import {
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationPreference,
} from '../../../shared/notifications';
import {
  CARE_BETWEEN_VISITS_TYPES,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
} from '../../../shared/vocabulary/notifications';
import { Alert } from '../../ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { LoadingState } from '../../ui/spinner';
import { useCareBetweenVisits } from '../clinic-features';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../notifications';

export const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  inApp: 'In-app',
  email: 'Email',
  desktop: 'Desktop',
  sound: 'Sound',
};

export const PREFERENCES_SAVED = 'Notification settings saved';
export const PREFERENCES_NOT_SAVED = 'Could not save your notification settings. Please try again.';

/** Settings, notifications tab: each of the 16 types by in-app, email, desktop and sound; every tick saves. */
export function NotificationsTab() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const careBetweenVisits = useCareBetweenVisits();

  const content = () => {
    if (preferences.isPending) return <LoadingState label="Loading your notification settings…" />;
    if (preferences.isError)
      return (
        <Alert variant="error">Could not load your notification settings. Please reload the page.</Alert>
      );
    const byType = new Map<string, NotificationPreference>(
      preferences.data.map((entry) => [entry.type, entry]),
    );
    const save = (type: NotificationPreference['type'], channel: NotificationChannel, checked: boolean) =>
      update.mutate([{ type, [channel]: checked }], {
        onSuccess: () => toast.success(PREFERENCES_SAVED),
        onError: () => toast.error(PREFERENCES_NOT_SAVED),
      });
    return (
      <div className="overflow-x-auto">
        <table className="w-full min-w-[32rem] border-collapse text-sm">
          <caption className="sr-only">Notification settings by type and channel</caption>
          <thead>
            <tr className="border-border border-b text-left">
              <th scope="col" className="py-2 pr-4 font-medium">
                Notification
              </th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <th key={channel} scope="col" className="px-2 py-2 text-center font-medium">
                  {CHANNEL_LABELS[channel]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {/* A capability's types show only while the clinic has it on. */}
            {NOTIFICATION_TYPES.filter(
              (type) => careBetweenVisits || !CARE_BETWEEN_VISITS_TYPES.includes(type),
            ).map((type) => {
              const entry = byType.get(type);
              const label = NOTIFICATION_TYPE_LABELS[type];
              return (
                <tr key={type} className="border-border border-b last:border-0">
                  <th scope="row" className="py-2 pr-4 text-left font-normal">
                    {label}
                  </th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <td key={channel} className="px-2 py-2 text-center">
                      <input
                        type="checkbox"
                        className="size-4 cursor-pointer accent-primary"
                        aria-label={`${CHANNEL_LABELS[channel]} for ${label}`}
                        checked={entry?.[channel] ?? false}
                        disabled={!entry}
                        onChange={(event) => save(type, channel, event.target.checked)}
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>
          Choose how the clinic tells you about appointments, messages and invoices. Changes are saved as soon
          as you make them. Urgent and high-priority alerts can also appear on your desktop when your browser
          allows it.
        </CardDescription>
      </CardHeader>
      <CardContent>{content()}</CardContent>
    </Card>
  );
}
