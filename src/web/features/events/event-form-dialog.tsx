import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { type CommunityEvent, EVENT_ERRORS, EVENT_IMAGE_DATA_MAX } from '../../../shared/events';
import { isApiRequestError } from '../../lib/api-error';
import { instantInClinic, localInClinic } from '../../lib/clinic-time';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Textarea } from '../../ui/select';
import { useSaveEvent } from './api';

type Draft = {
  title: string;
  description: string;
  imageUrl: string;
  startsAt: string;
  endsAt: string;
  place: string;
  onlineUrl: string;
  capacity: string;
  price: string;
};

const draftOf = (event: CommunityEvent | null): Draft => ({
  title: event?.title ?? '',
  description: event?.description ?? '',
  imageUrl: event?.imageUrl ?? '',
  startsAt: event ? localInClinic(event.startsAt) : '',
  endsAt: event ? localInClinic(event.endsAt) : '',
  place: event?.place ?? '',
  onlineUrl: event?.onlineUrl ?? '',
  capacity: event ? String(event.capacity) : '20',
  price: event ? (event.priceCents / 100).toFixed(2) : '0.00',
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
  const [draft, setDraft] = useState<Draft>(() => draftOf(event));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveEvent();
  const set = (field: keyof Draft) => (value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const onImage = (file: File | undefined) => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      const value = String(reader.result);
      if (value.length > EVENT_IMAGE_DATA_MAX)
        setErrors((e) => ({ ...e, imageUrl: EVENT_ERRORS.imageTooLarge }));
      else set('imageUrl')(value);
    };
    reader.readAsDataURL(file);
  };

  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    const found: Record<string, string> = {};
    const startsAt = instantInClinic(draft.startsAt);
    const endsAt = instantInClinic(draft.endsAt);
    if (!startsAt) found.startsAt = 'Start must be a date and time';
    if (!endsAt) found.endsAt = 'End must be a date and time';
    const capacity = Number(draft.capacity);
    const priceCents = Math.round(Number(draft.price) * 100);
    if (!Number.isInteger(capacity) || capacity < 1) found.capacity = EVENT_ERRORS.capacity;
    if (!Number.isFinite(priceCents) || priceCents < 0) found.priceCents = EVENT_ERRORS.price;
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    const input = {
      title: draft.title,
      description: draft.description,
      imageUrl: draft.imageUrl.trim() ? draft.imageUrl.trim() : null,
      startsAt: startsAt!,
      endsAt: endsAt!,
      place: draft.place.trim() ? draft.place : null,
      onlineUrl: draft.onlineUrl.trim() ? draft.onlineUrl : null,
      capacity,
      priceCents,
    };
    save.mutate(
      { id: event?.id ?? null, input },
      {
        onSuccess: () => {
          toast.success(event ? 'Event saved' : 'Event created');
          onClose();
        },
        onError: (caught) => {
          if (isApiRequestError(caught)) {
            setErrors(caught.fields ?? {});
            setFormError(caught.message);
          } else setFormError('The event could not be saved. Please try again.');
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? null : onClose())}>
      <DialogContent className="max-h-[90vh] w-[min(40rem,95vw)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{event ? `Edit ${event.title}` : 'New event'}</DialogTitle>
        </DialogHeader>
        <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
          {formError ? <Alert variant="error">{formError}</Alert> : null}
          <FormField label="Title" error={errors.title}>
            <Input value={draft.title} onChange={(e) => set('title')(e.target.value)} required />
          </FormField>
          <FormField label="Description" error={errors.description}>
            <Textarea
              value={draft.description}
              onChange={(e) => set('description')(e.target.value)}
              rows={3}
            />
          </FormField>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="Starts (clinic time)" error={errors.startsAt}>
              <Input
                type="datetime-local"
                value={draft.startsAt}
                onChange={(e) => set('startsAt')(e.target.value)}
              />
            </FormField>
            <FormField label="Ends (clinic time)" error={errors.endsAt}>
              <Input
                type="datetime-local"
                value={draft.endsAt}
                onChange={(e) => set('endsAt')(e.target.value)}
              />
            </FormField>
          </div>
          <FormField label="Place" hint="A place, an online link, or both" error={errors.place}>
            <Input value={draft.place} onChange={(e) => set('place')(e.target.value)} />
          </FormField>
          <FormField label="Online link (https)" error={errors.onlineUrl}>
            <Input type="url" value={draft.onlineUrl} onChange={(e) => set('onlineUrl')(e.target.value)} />
          </FormField>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField label="Capacity" error={errors.capacity}>
              <Input
                type="number"
                min={1}
                step={1}
                value={draft.capacity}
                onChange={(e) => set('capacity')(e.target.value)}
              />
            </FormField>
            <FormField label="Price in dollars (0 for free)" error={errors.priceCents}>
              <Input
                type="number"
                min={0}
                step="0.01"
                value={draft.price}
                onChange={(e) => set('price')(e.target.value)}
              />
            </FormField>
          </div>
          <FormField
            label="Image address (https)"
            hint="Or upload a small image below"
            error={errors.imageUrl}
          >
            <Input
              value={draft.imageUrl.startsWith('data:') ? 'Uploaded image' : draft.imageUrl}
              readOnly={draft.imageUrl.startsWith('data:')}
              onChange={(e) => set('imageUrl')(e.target.value)}
            />
          </FormField>
          <FormField label="Upload an image">
            <Input
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              onChange={(e) => onImage(e.target.files?.[0])}
            />
          </FormField>
          {draft.imageUrl ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() => set('imageUrl')('')}
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
