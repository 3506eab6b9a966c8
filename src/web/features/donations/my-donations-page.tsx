import { type Donation, type DonationStatus, formatDonationAmount } from '../../../shared/donations';
import { CLINIC_ZONE, formatterFor } from '../../lib/format';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { LoadingState } from '../../ui/spinner';
import { useMyDonations } from './api';
import { DonateButton } from './donate-button';

const STATUS_LABELS: Record<DonationStatus, string> = {
  pending: 'Not completed',
  paid: 'Paid',
  refunded: 'Refunded',
};

const dayOf = (at: string) => formatterFor(CLINIC_ZONE).date(at);

function DonationRow({ donation }: { donation: Donation }) {
  return (
    <tr className="border-border border-t">
      <th scope="row" className="px-3 py-2 font-normal">
        {dayOf(donation.paidAt ?? donation.createdAt)}
      </th>
      <td className="px-3 py-2 font-medium">${formatDonationAmount(donation.amountCents)}</td>
      <td className="px-3 py-2">
        <Badge variant={donation.status === 'paid' ? 'default' : 'outline'}>
          {STATUS_LABELS[donation.status]}
        </Badge>
      </td>
      <td className="px-3 py-2">{donation.cardLast4 ? `•••• ${donation.cardLast4}` : '—'}</td>
    </tr>
  );
}

function History() {
  const mine = useMyDonations();
  if (mine.isError)
    return (
      <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
        <span>{mine.error.message || 'Your donations could not be loaded.'}</span>
        <Button size="sm" variant="outline" onClick={() => void mine.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  if (!mine.data) return <LoadingState label="Loading your donations…" />;
  const { donations } = mine.data;
  if (donations.length === 0)
    return <p className="text-muted-foreground">You have not donated online yet.</p>;
  const paidCents = donations.filter((d) => d.status === 'paid').reduce((sum, d) => sum + d.amountCents, 0);
  return (
    <div className="flex flex-col gap-3">
      <p>
        Given so far: <strong>${formatDonationAmount(paidCents)}</strong>
      </p>
      <DataTable caption="Your donations, newest first" columns={['Date', 'Amount', 'Status', 'Card']}>
        {donations.map((donation) => (
          <DonationRow key={donation.id} donation={donation} />
        ))}
      </DataTable>
    </div>
  );
}

/** /member/donate: the member's own donations and the Donate dialog. */
export function MyDonationsPage() {
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Give to the clinic</CardTitle>
          <CardDescription>
            Your gift supports recovery programmes for people who could not otherwise reach them. Each
            donation is paid by card and a receipt is emailed to you.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <DonateButton label="Make a donation" />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Your donations</CardTitle>
        </CardHeader>
        <CardContent>
          <History />
        </CardContent>
      </Card>
    </div>
  );
}
