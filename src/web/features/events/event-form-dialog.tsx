import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  type CommunityEvent,
  type CreateEventInput,
  EVENT_ERRORS,
  EVENT_IMAGE_DATA_MAX,
} from '../../../shared/events';
import { decimalFromCents } from '../../../shared/money';
import { instantInClinic, localInClinic } from '../../lib/clinic-time';
import { applyServerErrors } from '../../lib/form-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Textarea } from '../../ui/select';
import { useSaveEvent } from './api';

const clinicInstant = (message: string) =>
  z
    .string()
    .transform(instantInClinic)
    .pipe(z.string({ error: message }));

/**
 * What the form reads before sending: start and end as clinic time, whole seats and the price in dollars, in
 * the contract's words. The server checks everything else and its messages show by the field.
 */
const EventFormSchema = z
  .object({
    title: z.string(),
    description: z.string(),
    imageUrl: z.string(),
    startsAt: clinicInstant('Start must be a date and time'),
    endsAt: clinicInstant('End must be a date and time'),
    place: z.string(),
    onlineUrl: z.string(),
    capacity: z
      .string()
      .transform(Number)
      .pipe(
        z.number({ error: EVENT_ERRORS.capacity }).int(EVENT_ERRORS.capacity).min(1, EVENT_ERRORS.capacity),
      ),
    priceCents: z
      .string()
      .transform((dollars) => Math.round(Number(dollars) * 100))
      .pipe(z.number({ error: EVENT_ERRORS.price }).min(0, EVENT_ERRORS.price)),
  })
  .transform(
    ({ imageUrl, place, onlineUrl, ...event }): CreateEventInput => ({
      ...event,
      imageUrl: imageUrl.trim() ? imageUrl.trim() : null,
      place: place.trim() ? place : null,
      onlineUrl: onlineUrl.trim() ? onlineUrl : null,
    }),
  );

const FIELDS = [
  'title',
  'description',
  'imageUrl',
  'startsAt',
  'endsAt',
  'place',
  'onlineUrl',
  'capacity',
  'priceCents',
] as const;

const valuesOf = (event: CommunityEvent | null) => ({
  title: event?.title ?? '',
  description: event?.description ?? '',
  imageUrl: event?.imageUrl ?? '',
  startsAt: event ? localInClinic(event.startsAt) : '',
  endsAt: event ? localInClinic(event.endsAt) : '',
  place: event?.place ?? '',
  onlineUrl: event?.onlineUrl ?? '',
  capacity: event ? String(event.capacity) : '20',
  priceCents: event ? decimalFromCents(event.priceCents) : '0.00',
});

/** Create (event null) or edit an event; the server checks every field and its messages show by the field. */
export function EventFormDialog({
  open,
  event,
  onClose,
}: {
  open: boolean;
  event: CommunityEvent | null;
  onClose: () => void;
}) {
  const form = useZodForm(EventFormSchema, valuesOf(event));
  const { errors } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveEvent();
  const imageUrl = form.watch('imageUrl');

  const onImage = (file: File | undefined) => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      const value = String(reader.result);
      if (value.length > EVENT_IMAGE_DATA_MAX)
        form.setError('imageUrl', { message: EVENT_ERRORS.imageTooLarge });
      else form.setValue('imageUrl', value);
    };
    reader.readAsDataURL(file);
  };

  const submit = form.handleSubmit(
    async (input) => {
      setFormError(null);
      try {
        await save.mutateAsync({ id: event?.id ?? null, input });
        toast.success(event ? 'Event saved' : 'Event created');
        onClose();
      } catch (caught) {
        setFormError(
          applyServerErrors(caught, {
            fields: FIELDS,
            setError: form.setError,
            fallback: 'The event could not be saved. Please try again.',
          }),
        );
      }
    },
    () => setFormError(null),
  );

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? null : onClose())}>
      <DialogContent className="max-h-[90vh] w-[min(40rem,95vw)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{event ? `Edit ${event.title}` : 'New event'}</DialogTitle>
        </DialogHeader>
        <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
          {formError ? <Alert variant="error">{formError}</Alert> : null}
          <FormField label="Title" error={errors.title?.message}>
            <Input required {...form.register('title')} />
          </FormField>
          <FormField label="Description" error={errors.description?.message}>
            <Textarea rows={3} {...form.register('description')} />
          </FormField>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="Starts (clinic time)" error={errors.startsAt?.message}>
              <Input type="datetime-local" {...form.register('startsAt')} />
            </FormField>
            <FormField label="Ends (clinic time)" error={errors.endsAt?.message}>
              <Input type="datetime-local" {...form.register('endsAt')} />
            </FormField>
          </div>
          <FormField label="Place" hint="A place, an online link, or both" error={errors.place?.message}>
            <Input {...form.register('place')} />
          </FormField>
          <FormField label="Online link (https)" error={errors.onlineUrl?.message}>
            <Input type="url" {...form.register('onlineUrl')} />
          </FormField>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="Capacity" error={errors.capacity?.message}>
              <Input type="number" min={1} step={1} {...form.register('capacity')} />
            </FormField>
            <FormField label="Price in dollars (0 for free)" error={errors.priceCents?.message}>
              <Input type="number" min={0} step="0.01" {...form.register('priceCents')} />
            </FormField>
          </div>
          <Controller
            control={form.control}
            name="imageUrl"
            render={({ field }) => (
              <FormField
                label="Image address (https)"
                hint="Or upload a small image below"
                error={errors.imageUrl?.message}
              >
                {/* An uploaded image is a long data address: the field names it instead of showing it. */}
                <Input
                  value={field.value.startsWith('data:') ? 'Uploaded image' : field.value}
                  readOnly={field.value.startsWith('data:')}
                  onChange={(e) => field.onChange(e.target.value)}
                />
              </FormField>
            )}
          />
          <FormField label="Upload an image">
            <Input
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              onChange={(e) => onImage(e.target.files?.[0])}
            />
          </FormField>
          {imageUrl ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() => form.setValue('imageUrl', '')}
            >
              Remove the image
            </Button>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {event ? 'Save event' : 'Create event'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
