import type { DashboardKind } from '../../../shared/routes';
import { NotBuiltNotice } from '../placeholder/not-built-notice';

const WHAT_COMES: Record<DashboardKind, string> = {
  patient:
    'Your next appointment, balance due, unread messages, onboarding progress, recent shared notes and recovery progress will appear here.',
  practitioner:
    'Today’s sessions, notes waiting for signature, pending public bookings and unread messages will appear here.',
  general: 'Today’s clinic schedule, new patients, revenue this month and overdue invoices will appear here.',
  member: 'Upcoming events, recent orders, donations and open quotes will appear here.',
};

export function DashboardScreen({ kind }: { kind: DashboardKind }) {
  return (
    <div data-testid={`${kind}-dashboard`}>
      <NotBuiltNotice description={WHAT_COMES[kind]} />
    </div>
  );
}
