import { Link, useParams, useSearchParams } from 'react-router';
import { DEMO_BOOKING_LINK, PUBLIC_BOOKING_ERRORS } from '../../../shared/public-booking';
import { BookingLinkSchema } from '../../../shared/scheduling';
import { PublicLayout } from '../../app/shell/public-layout';
import { isApiRequestError } from '../../lib/api-error';
import { Alert } from '../../ui/alert';
import { Button, buttonVariants } from '../../ui/button';
import { Card, CardContent } from '../../ui/card';
import { LoadingState } from '../../ui/spinner';
import { useBookingPage } from './api';
import { BookingFlow } from './booking-flow';
import { ManageBooking } from './manage-booking';

function PageNotFound() {
  return (
    <Card>
      <CardContent className="flex flex-col items-start gap-3 pt-6">
        <h2 className="font-semibold text-xl">{PUBLIC_BOOKING_ERRORS.pageNotFound}</h2>
        <p>Check the address you were given, or ask the clinic for their practitioner’s booking link.</p>
        <Link to="/booking-demo" className={buttonVariants({ variant: 'outline' })}>
          See the demo booking page
        </Link>
      </CardContent>
    </Card>
  );
}

function Booking({ bookingLink, rehearsal }: { bookingLink: string; rehearsal: boolean }) {
  const page = useBookingPage(bookingLink);
  if (page.isError) {
    if (isApiRequestError(page.error) && page.error.status === 404) return <PageNotFound />;
    return (
      <Alert variant="error" className="flex flex-wrap items-center justify-between gap-2">
        <span>{page.error.message || 'The booking page could not be loaded.'}</span>
        <Button size="sm" variant="outline" onClick={() => void page.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (!page.data) return <LoadingState label="Loading the booking page…" />;
  return <BookingFlow page={page.data} rehearsal={rehearsal} />;
}

/** /book/{bookingLink}, with ?manage={token} for the visitor's emailed link. */
export function PublicBookingPage() {
  const { bookingLink = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('manage');
  let content = <PageNotFound />;
  if (token) content = <ManageBooking token={token} />;
  else if (BookingLinkSchema.safeParse(bookingLink).success)
    content = <Booking bookingLink={bookingLink} rehearsal={false} />;
  return <PublicLayout>{content}</PublicLayout>;
}

/** /booking-demo: the demo practitioner's real page; /dummy-booking: the same flow as a rehearsal. */
export function DemoBookingPage({ rehearsal }: { rehearsal: boolean }) {
  return (
    <PublicLayout>
      <Booking bookingLink={DEMO_BOOKING_LINK} rehearsal={rehearsal} />
    </PublicLayout>
  );
}
