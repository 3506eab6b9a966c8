import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { CreateServiceTypeInputSchema, type ServiceType } from '../../../shared/scheduling';
import { applyServerErrors } from '../../lib/form-errors';
import { formatMoney } from '../../lib/format';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { DataTable } from '../../ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Textarea } from '../../ui/select';
import { LoadingState } from '../../ui/spinner';
import { Switch } from '../../ui/switch';
import { ServiceSchedules } from '../check-ins';
import { useVideoVisits } from '../clinic-features';
import { useAllServiceTypes, useCreateServiceType, useUpdateServiceType } from './api';

const shape = CreateServiceTypeInputSchema.shape;
/** The price is typed in the currency (55 or 55.50) and sent as cents. */
const PriceSchema = z
  .string()
  .trim()
  .regex(/^\d+(\.\d{1,2})?$/, 'Price must be an amount such as 55 or 55.50')
  .transform((value) => Math.round(Number(value) * 100))
  .pipe(shape.priceCents);
const ServiceFormSchema = z.object({
  name: shape.name,
  description: shape.description.unwrap(),
  durationMinutes: shape.durationMinutes,
  price: PriceSchema,
  colour: shape.colour,
  isPublic: z.boolean(),
  isVideo: z.boolean(),
  active: z.boolean(),
});
type FormInput = z.input<typeof ServiceFormSchema>;
const SERVER_FIELDS = [
  'name',
  'description',
  'durationMinutes',
  'colour',
  'isPublic',
  'isVideo',
  'active',
] as const;

const valuesOf = (service: ServiceType | null): FormInput => ({
  name: service?.name ?? '',
  description: service?.description ?? '',
  durationMinutes: service?.durationMinutes ?? 30,
  price: service ? (service.priceCents / 100).toFixed(2) : '',
  colour: service?.colour ?? '#2563eb',
  isPublic: service?.isPublic ?? true,
  isVideo: service?.isVideo ?? false,
  active: service?.active ?? true,
});

function SwitchField({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-3">
        <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`} />
        <label htmlFor={id} className="font-medium text-sm">
          {label}
        </label>
      </div>
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        {hint}
      </p>
    </div>
  );
}

/** Create or edit one service type; the dialog closes on success. */
function ServiceDialog({ service, onClose }: { service: ServiceType | null; onClose: () => void }) {
  const create = useCreateServiceType();
  const update = useUpdateServiceType();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(ServiceFormSchema, valuesOf(service));
  const { errors, isSubmitting } = form.formState;
  // Video visits off: the field is not there, and nothing of it is sent (the server refuses it then).
  const videoVisits = useVideoVisits();

  const onSubmit = form.handleSubmit(async ({ price, isVideo, ...values }) => {
    setError(null);
    const input = { ...values, priceCents: price, ...(videoVisits ? { isVideo } : {}) };
    try {
      if (service) await update.mutateAsync({ id: service.id, changes: input });
      else await create.mutateAsync(input);
      toast.success(service ? `Saved ${values.name}` : `Added ${values.name}`);
      onClose();
    } catch (caught) {
      const message = applyServerErrors(caught, {
        fields: SERVER_FIELDS,
        setError: form.setError,
        fallback: 'Could not save the service. Please try again.',
        whenFieldsShown: 'Please correct the fields marked below.',
      });
      setError(message);
    }
  });

  return (
    <DialogContent className="max-h-[90vh] overflow-y-auto">
      <DialogHeader>
        <DialogTitle>{service ? `Edit ${service.name}` : 'New service type'}</DialogTitle>
        <DialogDescription>
          What the clinic offers: how long it takes, what it costs, and who may book it.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {error ? <Alert variant="error">{error}</Alert> : null}
        <FormField label="Name" error={errors.name?.message}>
          <Input autoComplete="off" {...form.register('name')} />
        </FormField>
        <FormField label="Description" error={errors.description?.message}>
          <Textarea rows={3} {...form.register('description')} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Duration (minutes)" error={errors.durationMinutes?.message}>
            <Input
              type="number"
              inputMode="numeric"
              {...form.register('durationMinutes', { valueAsNumber: true })}
            />
          </FormField>
          <FormField label="Price (USD)" error={errors.price?.message} hint="For example 55 or 55.50.">
            <Input inputMode="decimal" {...form.register('price')} />
          </FormField>
        </div>
        <FormField label="Colour" error={errors.colour?.message} hint="Shown on the calendar.">
          <Input type="color" className="h-10 w-20 p-1" {...form.register('colour')} />
        </FormField>
        <Controller
          control={form.control}
          name="isPublic"
          render={({ field }) => (
            <SwitchField
              id="service-public"
              label="Public"
              hint="Offered on the public booking pages."
              checked={field.value}
              onChange={field.onChange}
            />
          )}
        />
        {videoVisits ? (
          <div className="flex flex-col gap-1">
            <div className="flex items-center gap-3">
              <input
                id="service-video"
                type="checkbox"
                className="size-4 accent-primary"
                aria-describedby="service-video-hint"
                {...form.register('isVideo')}
              />
              <label htmlFor="service-video" className="font-medium text-sm">
                Offered as a video visit
              </label>
            </div>
            <p id="service-video-hint" className="text-muted-foreground text-xs">
              Booked as a call in the browser; the appointment, its reminder and calendar entry carry the
              link.
            </p>
          </div>
        ) : null}
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <SwitchField
              id="service-active"
              label="Active"
              hint="Retired services stay on past appointments but can no longer be booked."
              checked={field.value}
              onChange={field.onChange}
            />
          )}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : service ? 'Save service' : 'Add service'}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}

/** Settings, services (staff and admin): every service type, retired ones too, with create and edit. */
export function ServicesTab() {
  const services = useAllServiceTypes();
  const videoVisits = useVideoVisits();
  const [editing, setEditing] = useState<ServiceType | 'new' | null>(null);

  const content = () => {
    if (services.isPending) return <LoadingState label="Loading services…" />;
    if (services.isError)
      return <Alert variant="error">Could not load the services. Please reload the page.</Alert>;
    if (services.data.length === 0) return <p className="text-muted-foreground text-sm">No services yet.</p>;
    return (
      <DataTable caption="Service types" columns={['Name', 'Duration', 'Price', 'Booking', 'Actions']}>
        {services.data.map((service) => (
          <tr key={service.id} className="border-border border-t">
            <th scope="row" className="px-3 py-2 font-medium">
              <span className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className="size-3 shrink-0 rounded-full"
                  style={{ backgroundColor: service.colour }}
                />
                {service.name}
                {videoVisits && service.isVideo ? <Badge variant="secondary">Video visit</Badge> : null}
                {service.active ? null : <Badge variant="outline">Retired</Badge>}
              </span>
            </th>
            <td className="px-3 py-2">{service.durationMinutes} min</td>
            <td className="px-3 py-2">{formatMoney(service.priceCents)}</td>
            <td className="px-3 py-2">{service.isPublic ? 'Public' : 'Clinic only'}</td>
            <td className="px-3 py-2">
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Edit ${service.name}`}
                onClick={() => setEditing(service)}
              >
                <Pencil aria-hidden="true" />
                Edit
              </Button>
            </td>
          </tr>
        ))}
      </DataTable>
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Services</CardTitle>
          <CardDescription>
            The service types appointments are booked as, with their length, price and colour.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div>
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" />
              New service type
            </Button>
          </div>
          {content()}
        </CardContent>
        <Dialog open={editing !== null} onOpenChange={(open) => (open ? null : setEditing(null))}>
          {editing ? (
            <ServiceDialog
              key={editing === 'new' ? 'new' : editing.id}
              service={editing === 'new' ? null : editing}
              onClose={() => setEditing(null)}
            />
          ) : null}
        </Dialog>
      </Card>
      {services.data ? <ServiceSchedules services={services.data} /> : null}
    </div>
  );
}
