import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  PACKAGE_ERRORS,
  PACKAGE_SESSIONS_MAX,
  PackageInputSchema,
  type SessionPackage,
} from '../../../shared/billing-packages';
import { centsFromText, decimalFromCents } from '../../../shared/money';
import { applyServerErrors } from '../../lib/form-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { FormDialog } from '../../ui/form-dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Switch } from '../../ui/switch';
import { useServiceTypes } from '../appointments';
import { useSavePackage } from './packages-api';

const PRICE_MESSAGE = 'Enter a price such as 400 or 399.50';

/** The package as typed: sessions and dollars as text, read into the contract's whole numbers and cents. */
const PackageFormSchema = z
  .object({
    name: z.string(),
    sessions: z
      .string()
      .transform((text) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null))
      .pipe(z.number({ error: PACKAGE_ERRORS.sessions })),
    priceCents: z
      .string()
      .transform(centsFromText)
      .pipe(z.number({ error: PRICE_MESSAGE })),
    serviceTypeIds: z.array(z.string()),
    isActive: z.boolean().optional(),
  })
  .pipe(PackageInputSchema);

const FIELDS = ['name', 'sessions', 'priceCents', 'serviceTypeIds', 'isActive'] as const;

/** Defining a package, or changing one (`editing`): its name, sessions, price, services and whether it is sold. */
export function PackageDialog({
  editing,
  open,
  onOpenChange,
}: {
  editing: SessionPackage | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const services = useServiceTypes(open).data ?? [];
  const save = useSavePackage();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(PackageFormSchema, {
    name: '',
    sessions: '',
    priceCents: '',
    serviceTypeIds: [],
    isActive: true,
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!open) return;
    setError(null);
    form.reset({
      name: editing?.name ?? '',
      sessions: editing ? String(editing.sessions) : '',
      priceCents: editing ? decimalFromCents(editing.priceCents) : '',
      serviceTypeIds: editing?.services.map((service) => service.id) ?? [],
      isActive: editing?.isActive ?? true,
    });
  }, [open, editing, form]);

  const submit = form.handleSubmit(async (input) => {
    setError(null);
    try {
      await save.mutateAsync({ id: editing?.id ?? null, input });
      toast.success(editing ? 'Package saved' : 'Package added');
      onOpenChange(false);
    } catch (caught) {
      setError(
        applyServerErrors(caught, {
          fields: FIELDS,
          setError: form.setError,
          fallback: 'Could not save the package. Please try again.',
        }),
      );
    }
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? 'Edit package' : 'New package'}
      description="A number of sessions of the services it covers, sold for one price."
      closeLabel="Close the package"
      error={error}
      onSubmit={submit}
      submitText={isSubmitting ? 'Saving…' : 'Save package'}
      pending={isSubmitting}
    >
      <FormField label="Name" error={errors.name?.message}>
        <Input maxLength={120} {...form.register('name')} />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="Sessions"
          hint={`From 1 to ${PACKAGE_SESSIONS_MAX}.`}
          error={errors.sessions?.message}
        >
          <Input inputMode="numeric" {...form.register('sessions')} />
        </FormField>
        <FormField label="Price ($)" error={errors.priceCents?.message}>
          <Input inputMode="decimal" {...form.register('priceCents')} />
        </FormField>
      </div>
      <Controller
        control={form.control}
        name="serviceTypeIds"
        render={({ field }) => (
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={errors.serviceTypeIds ? 'package-services-error' : undefined}
          >
            <legend className="mb-1 font-medium text-sm">Services it covers</legend>
            {services.map((service) => (
              <label key={service.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={field.value.includes(service.id)}
                  onChange={(event) =>
                    field.onChange(
                      event.target.checked
                        ? [...field.value, service.id]
                        : field.value.filter((id) => id !== service.id),
                    )
                  }
                />
                {service.name}
              </label>
            ))}
            {errors.serviceTypeIds ? (
              <p id="package-services-error" className="font-medium text-destructive text-sm">
                {errors.serviceTypeIds.message ?? PACKAGE_ERRORS.services}
              </p>
            ) : null}
          </fieldset>
        )}
      />
      <div className="flex items-center gap-3">
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => (
            <Switch id="package-active" checked={field.value ?? true} onCheckedChange={field.onChange} />
          )}
        />
        <Label htmlFor="package-active">On sale</Label>
      </div>
    </FormDialog>
  );
}
