import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { IDLE_LIMITS, IdleSignOutSettingsSchema } from '../../../shared/devices';
import { isApiRequestError } from '../../lib/api-error';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { LoadError } from '../../ui/load-error';
import { devicesKeys, idleSettingsQueryOptions, saveIdleSettings } from './api';

const minutes = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

const IdleFormSchema = z.object({
  staffIdleMinutes: z.string().transform(minutes).pipe(IdleSignOutSettingsSchema.shape.staffIdleMinutes),
  patientIdleMinutes: z
    .string()
    .transform((text) => (text.trim() === '' ? null : Number(text)))
    .pipe(IdleSignOutSettingsSchema.shape.patientIdleMinutes),
});

/** Settings > Security, for admins: the clinic's automatic sign-out after inactivity, per role group. */
export function IdleSignOutCard() {
  const queryClient = useQueryClient();
  const settings = useQuery(idleSettingsQueryOptions);
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(IdleFormSchema, { staffIdleMinutes: '', patientIdleMinutes: '' });
  const { errors } = form.formState;
  const { reset } = form;
  useEffect(() => {
    if (!settings.data) return;
    reset({
      staffIdleMinutes: String(settings.data.staffIdleMinutes),
      patientIdleMinutes:
        settings.data.patientIdleMinutes === null ? '' : String(settings.data.patientIdleMinutes),
    });
  }, [settings.data, reset]);

  const save = useMutation({
    mutationFn: saveIdleSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(devicesKeys.idleSettings, saved);
      await queryClient.invalidateQueries({ queryKey: devicesKeys.policy });
      toast.success('Automatic sign-out saved.');
    },
    onError: (caught) =>
      setError(isApiRequestError(caught) ? caught.message : 'Could not save. Please try again.'),
  });

  const onSubmit = form.handleSubmit((values) => {
    setError(null);
    save.mutate(values);
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Automatic sign-out</CardTitle>
        <CardDescription>
          After this many minutes without use, a session is signed out, after a one-minute warning.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isError ? (
          <LoadError message="Could not load the automatic sign-out." retry={() => settings.refetch()} />
        ) : (
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            {error ? <Alert variant="error">{error}</Alert> : null}
            <FormField
              label="Practitioners, staff and admins (minutes)"
              error={errors.staffIdleMinutes?.message}
              hint={`From ${IDLE_LIMITS.staff.min} to ${IDLE_LIMITS.staff.max}.`}
            >
              <Input type="number" inputMode="numeric" {...form.register('staffIdleMinutes')} />
            </FormField>
            <FormField
              label="Patients and members (minutes)"
              error={errors.patientIdleMinutes?.message}
              hint={`Leave empty for no automatic sign-out, or from ${IDLE_LIMITS.patient.min} to ${IDLE_LIMITS.patient.max}.`}
            >
              <Input type="number" inputMode="numeric" {...form.register('patientIdleMinutes')} />
            </FormField>
            <div>
              <Button type="submit" disabled={save.isPending || settings.isPending}>
                {save.isPending ? 'Saving…' : 'Save automatic sign-out'}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
