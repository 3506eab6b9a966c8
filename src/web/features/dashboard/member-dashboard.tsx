import type { MemberDashboard } from '../../../shared/dashboard';
import { REGISTRATION_STATUS_LABELS } from '../../../shared/vocabulary/events';
import { QUOTE_STATUS_LABELS } from '../../../shared/vocabulary/quotes';
import { ORDER_STATUS_LABELS } from '../../../shared/vocabulary/store';
import { formatMoney, formatterFor } from '../../lib/format';
import { DonateButton } from '../donations';
import { Count, DashboardCard, DashboardLink, ShortList, UnreadMessagesCard } from './cards';

export function MemberDashboardView({ dashboard }: { dashboard: MemberDashboard }) {
  const { donations, events, orders, quotes, onboarding } = dashboard;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {onboarding.completed ? null : (
        <DashboardCard id="onboarding" title="Your onboarding">
          <p>
            Tell us what you care about and how you like to support the clinic, so we can tell you about what
            matters to you.
          </p>
          <DashboardLink to="/member/onboarding">
            {onboarding.nextStep === 'interests' ? 'Start your onboarding' : 'Continue your onboarding'}
          </DashboardLink>
        </DashboardCard>
      )}
      <UnreadMessagesCard count={dashboard.unreadMessages} to="/member/messages" />
      <DashboardCard id="events" title="Your events">
        <Count value={events.count} one="upcoming event" many="upcoming events" />
        <ShortList
          items={events.next}
          empty="No upcoming events yet."
          label="Next events"
          keyOf={(item) => item.eventId}
          render={(item) => (
            <>
              <time dateTime={item.startsAt}>{formatterFor().date(item.startsAt)}</time>: {item.title}
              {item.status === 'registered'
                ? ''
                : ` (${REGISTRATION_STATUS_LABELS[item.status].toLowerCase()})`}
            </>
          )}
        />
        <DashboardLink to="/member/events">All events</DashboardLink>
      </DashboardCard>
      <DashboardCard id="donations" title="Your donations">
        <Count value={donations.count} one="donation" many="donations" />
        {donations.count > 0 ? <p>{formatMoney(donations.totalCents)} given in all. Thank you.</p> : null}
        <ShortList
          items={donations.recent}
          empty="No donations yet."
          label="Latest donations"
          keyOf={(gift) => gift.id}
          render={(gift) => (
            <>
              <time dateTime={gift.paidAt}>{formatterFor().date(gift.paidAt)}</time>:{' '}
              {formatMoney(gift.amountCents)}
              {gift.status === 'refunded' ? ' (refunded)' : ''}
            </>
          )}
        />
        <DashboardLink to="/member/donate">All your donations</DashboardLink>
      </DashboardCard>
      <DashboardCard id="orders" title="Your orders">
        <Count value={orders.count} one="order" many="orders" />
        <ShortList
          items={orders.recent}
          empty="No orders yet."
          label="Latest orders"
          keyOf={(order) => order.id}
          render={(order) => (
            <>
              {order.number}: {formatMoney(order.totalCents)} (
              {ORDER_STATUS_LABELS[order.status].toLowerCase()})
            </>
          )}
        />
        <DashboardLink to="/member/orders">All your orders</DashboardLink>
      </DashboardCard>
      <DashboardCard id="quotes" title="Your quotes">
        <Count value={quotes.count} one="open quote" many="open quotes" />
        <ShortList
          items={quotes.recent}
          empty="No open quotes."
          label="Open quotes"
          keyOf={(quote) => quote.id}
          render={(quote) => (
            <>
              {quote.title} ({QUOTE_STATUS_LABELS[quote.status].toLowerCase()})
            </>
          )}
        />
        <DashboardLink to="/member/quotes">All your quotes</DashboardLink>
      </DashboardCard>
      <DashboardCard id="support" title="Support the clinic">
        <p>Your gifts fund recovery programmes for patients who could not otherwise take part.</p>
        {/* The header's own Donate button and dialog, so there is one way to give. */}
        <div>
          <DonateButton label="Donate" />
        </div>
      </DashboardCard>
    </div>
  );
}
