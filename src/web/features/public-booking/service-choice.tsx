import type { PublicService } from '../../../shared/public-booking';
import { cn } from '../../lib/cn';
import { formatMoney } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { formatDuration } from './times';

/** isVideo is in the answer only while the clinic has video visits on. */
type OfferedService = PublicService & { isVideo?: boolean };

type ServiceChoiceProps = {
  services: OfferedService[];
  value: string;
  onChange: (serviceTypeId: string) => void;
};

/** The practitioner's public services as native radios: arrow keys move between them. */
export function ServiceChoice({ services, value, onChange }: ServiceChoiceProps) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 font-semibold text-lg">1. Service</legend>
      {services.length === 0 ? (
        <p className="text-muted-foreground">
          No services can be booked online at the moment; please call the clinic.
        </p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {services.map((service) => (
            <label
              key={service.id}
              className={cn(
                'flex cursor-pointer gap-3 rounded-lg border border-border bg-card p-4 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                value === service.id && 'border-primary',
              )}
            >
              <input
                type="radio"
                name="service"
                value={service.id}
                checked={value === service.id}
                onChange={() => onChange(service.id)}
                className="mt-1 size-4 accent-primary"
              />
              <span className="flex flex-col gap-1">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  {service.name}
                  {service.isVideo ? <Badge variant="secondary">Video visit</Badge> : null}
                </span>
                <span className="text-muted-foreground text-sm">
                  {formatDuration(service.durationMinutes)} · {formatMoney(service.priceCents)}
                </span>
                {service.description ? <span className="text-sm">{service.description}</span> : null}
              </span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
