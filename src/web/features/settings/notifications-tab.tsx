import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { NotBuiltNotice } from '../placeholder/not-built-notice';

export function NotificationsTab() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>
          Choose how the clinic tells you about appointments, messages and invoices.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <NotBuiltNotice description="Per-type settings (in-app, email, desktop and sound) come with the notification centre." />
      </CardContent>
    </Card>
  );
}
