import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';

const linkClass = 'rounded-sm font-medium text-primary underline-offset-4 hover:underline';

/** A card with a heading; its region is named by that heading. */
export function DashboardCard({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const headingId = `dashboard-${id}`;
  return (
    <Card aria-labelledby={headingId} className={className}>
      <CardHeader>
        <CardTitle id={headingId}>{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">{children}</CardContent>
    </Card>
  );
}

/** A count in large type with its words, read as one phrase ('3 unread messages'). */
export function Count({ value, one, many }: { value: number; one: string; many: string }) {
  return (
    <p className="flex items-baseline gap-2">
      <span className="font-semibold text-3xl tabular-nums">{value}</span>
      <span className="text-muted-foreground">{value === 1 ? one : many}</span>
    </p>
  );
}

export function DashboardLink({ to, children, label }: { to: string; children: ReactNode; label?: string }) {
  return (
    <Link to={to} className={linkClass} aria-label={label}>
      {children}
    </Link>
  );
}

/** The newest few of something, or a sentence saying there are none. */
export function ShortList<T>({
  items,
  empty,
  label,
  render,
  keyOf,
}: {
  items: T[];
  empty: string;
  label: string;
  render: (item: T) => ReactNode;
  keyOf: (item: T) => string;
}) {
  if (items.length === 0) return <p className="text-muted-foreground text-sm">{empty}</p>;
  return (
    <ul aria-label={label} className="flex flex-col divide-y divide-border text-sm">
      {items.map((item) => (
        <li key={keyOf(item)} className="py-2">
          {render(item)}
        </li>
      ))}
    </ul>
  );
}

/** Members read their messages at /member/messages: /messages shows them their dashboard. */
export function UnreadMessagesCard({ count, to = '/messages' }: { count: number; to?: string }) {
  return (
    <DashboardCard id="messages" title="Messages">
      <Count value={count} one="unread message" many="unread messages" />
      <DashboardLink to={to}>Open messages</DashboardLink>
    </DashboardCard>
  );
}
