import type { Appointment } from '../../../shared/scheduling';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { ServiceSwatch } from '../../ui/service-swatch';
import { AppointmentActions, AppointmentStatusBadge, VideoVisitMark, whenLabel } from '../appointments';
import { CheckoutButton } from '../billing';
import { AppointmentFees } from '../billing-fees';

type DetailsProps = {
  appointment: Appointment | null;
  onOpenChange: (open: boolean) => void;
};

/** One appointment's details with what may be done to it, Reschedule included: the keyboard's way to move it. */
export function AppointmentDetailsDialog({ appointment, onOpenChange }: DetailsProps) {
  return (
    <Dialog open={appointment !== null} onOpenChange={onOpenChange}>
      {appointment ? (
        <DialogContent closeLabel="Close appointment details">
          <DialogHeader>
            <DialogTitle>{appointment.serviceName}</DialogTitle>
            <DialogDescription>{whenLabel(appointment)}</DialogDescription>
          </DialogHeader>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Patient</dt>
            <dd>{appointment.patientName}</dd>
            <dt className="text-muted-foreground">Practitioner</dt>
            <dd>{appointment.practitionerName}</dd>
            <dt className="text-muted-foreground">Service</dt>
            <dd className="flex items-center gap-2">
              <ServiceSwatch colour={appointment.colour} />
              {appointment.serviceName}
            </dd>
            {appointment.isVideo ? (
              <>
                <dt className="text-muted-foreground">Visit</dt>
                <dd>
                  <VideoVisitMark appointment={appointment} withJoin />
                </dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">Status</dt>
            <dd>
              <AppointmentStatusBadge status={appointment.status} />
            </dd>
            {appointment.cancellationReason ? (
              <>
                <dt className="text-muted-foreground">Reason</dt>
                <dd>{appointment.cancellationReason}</dd>
              </>
            ) : null}
            {appointment.notes ? (
              <>
                <dt className="text-muted-foreground">Notes</dt>
                <dd className="whitespace-pre-wrap">{appointment.notes}</dd>
              </>
            ) : null}
          </dl>
          <AppointmentFees appointmentId={appointment.id} status={appointment.status} />
          <div className="flex flex-wrap items-start gap-2">
            <CheckoutButton appointment={appointment} />
            <AppointmentActions appointment={appointment} withReschedule />
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
