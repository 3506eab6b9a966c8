import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  PUBLIC_BOOKING_ERRORS,
  PUBLIC_BOOKING_STATUSES,
  type PublicBookingRequest,
} from '../../../shared/public-booking';
import { isApiRequestError } from '../../lib/api-error';
import { isId } from '../../lib/ids';
import { Card, CardContent } from '../../ui/card';
import { FilterBar } from '../../ui/filter-bar';
import { PagedList } from '../../ui/paged-list';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs';
import { useUser } from '../auth';
import { PractitionerFilter } from '../patients';
import { type RequestFilters, useConfirmRequest, useRequestList } from './api';
import { DeclineDialog } from './decline-dialog';
import { PatientChoiceDialog } from './patient-choice-dialog';
import { REQUEST_STATUS_LABELS, RequestTable, requestTimeLabel } from './request-table';

const TABS = [...PUBLIC_BOOKING_STATUSES, 'all'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = { ...REQUEST_STATUS_LABELS, all: 'All' };
const EMPTY: Record<Tab, string> = {
  pending: 'No requests are waiting for a decision.',
  confirmed: 'No confirmed requests.',
  declined: 'No declined requests.',
  cancelled: 'No cancelled requests.',
  all: 'No booking requests yet.',
};

function filtersFrom(params: URLSearchParams): RequestFilters {
  const status = params.get('status');
  const practitioner = params.get('practitioner');
  return {
    status: TABS.find((tab) => tab === status) ?? 'pending',
    practitionerId: isId(practitioner) ? practitioner.toLowerCase() : '',
  };
}

/**
 * /practitioner/public-bookings and /admin/public-bookings: requests from the booking pages, pending first
 * by default, to confirm (a patient and an appointment) or decline with a message. A practitioner sees
 * their own; staff and admin see all and may narrow to one practitioner.
 */
export function PublicBookingsPage() {
  const user = useUser();
  if (user.role !== 'practitioner' && user.role !== 'staff' && user.role !== 'admin') {
    return (
      <Card>
        <CardContent className="flex flex-col gap-2 pt-6">
          <h2 className="font-semibold text-lg">Not available to your account</h2>
          <p>
            Booking requests are reviewed by practitioners and the clinic team. To book or change an
            appointment, use Appointments or message the clinic.
          </p>
        </CardContent>
      </Card>
    );
  }
  return <RequestList isStaff={user.role !== 'practitioner'} />;
}

function RequestList({ isStaff }: { isStaff: boolean }) {
  const [params, setParams] = useSearchParams();
  const read = filtersFrom(params);
  const filters = isStaff ? read : { ...read, practitionerId: '' };
  const list = useRequestList(filters);
  const confirm = useConfirmRequest();
  const [declining, setDeclining] = useState<PublicBookingRequest | null>(null);
  const [choosing, setChoosing] = useState<PublicBookingRequest | null>(null);
  const requests = list.data?.pages.flatMap((page) => page.items) ?? [];
  const pendingCount = list.data?.pages[0]?.pendingCount;

  const change = (changes: Partial<RequestFilters>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const merged = { ...filtersFrom(current), ...changes };
        if (merged.status === 'pending') next.delete('status');
        else next.set('status', merged.status);
        if (merged.practitionerId) next.set('practitioner', merged.practitionerId);
        else next.delete('practitioner');
        return next;
      },
      { replace: true },
    );

  const confirmRequest = async (request: PublicBookingRequest) => {
    try {
      await confirm.mutateAsync({ id: request.id });
      toast.success(`Confirmed: ${request.name} is booked for ${requestTimeLabel(request)}`);
    } catch (caught) {
      // The visitor's email is a clinic account's that is not a patient's: the clinic says who it is.
      if (isApiRequestError(caught) && caught.message === PUBLIC_BOOKING_ERRORS.emailNotPatient)
        return setChoosing(request);
      toast.error(caught instanceof Error ? caught.message : 'The request could not be confirmed.');
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="font-semibold text-lg">Booking requests</h2>
        {pendingCount !== undefined ? (
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {pendingCount === 1 ? '1 request waiting' : `${pendingCount} requests waiting`}
          </p>
        ) : null}
      </div>
      {isStaff ? (
        <FilterBar label="Filter booking requests">
          <PractitionerFilter
            value={filters.practitionerId}
            onChange={(practitionerId) => change({ practitionerId })}
          />
        </FilterBar>
      ) : null}
      <Tabs value={filters.status} onValueChange={(status) => change({ status: status as Tab })}>
        <TabsList aria-label="Which requests">
          {TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {tab === 'pending' && pendingCount ? `Pending (${pendingCount})` : TAB_LABELS[tab]}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((tab) => (
          <TabsContent key={tab} value={tab} className="flex flex-col gap-4">
            {tab === filters.status ? (
              <PagedList
                query={list}
                count={requests.length}
                loadingLabel="Loading booking requests…"
                errorText="Could not load the booking requests."
                emptyText={filters.practitionerId ? 'No requests match your filters.' : EMPTY[tab]}
                loadMoreErrorText="Could not load more requests. Please try again."
              >
                <RequestTable
                  caption={`${TAB_LABELS[tab]} booking requests: ${requests.length} shown`}
                  requests={requests}
                  showPractitioner={isStaff}
                  busyId={confirm.isPending ? (confirm.variables?.id ?? null) : null}
                  onConfirm={(request) => void confirmRequest(request)}
                  onDecline={setDeclining}
                />
              </PagedList>
            ) : null}
          </TabsContent>
        ))}
      </Tabs>
      <PatientChoiceDialog
        request={choosing}
        reason={PUBLIC_BOOKING_ERRORS.emailNotPatient}
        onOpenChange={(open) => (open ? null : setChoosing(null))}
      />
      <DeclineDialog request={declining} onOpenChange={(open) => (open ? null : setDeclining(null))} />
    </div>
  );
}
