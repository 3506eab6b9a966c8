import type { MemberDashboard } from '../../../shared/dashboard';
import { DonateButton } from '../donations/donate-button';
import { DashboardCard, UnreadMessagesCard } from './cards';

export function MemberDashboardView({ dashboard }: { dashboard: MemberDashboard }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <UnreadMessagesCard count={dashboard.unreadMessages} />
      <DashboardCard id="support" title="Support the clinic">
        <p>Your gifts fund recovery programmes for patients who could not otherwise take part.</p>
        {/* The header's own Donate button and dialog, so there is one way to give. */}
        <div>
          <DonateButton />
        </div>
      </DashboardCard>
    </div>
  );
}
