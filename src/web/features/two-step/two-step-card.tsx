import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import {
  SignInPolicySchema,
  TotpConfirmInputSchema,
  type TotpSetup,
  TwoStepDisableInputSchema,
} from '../../../shared/two-step';
import { applyServerErrors } from '../../lib/form-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { LoadError } from '../../ui/load-error';
import { LoadingState } from '../../ui/spinner';
import { Switch } from '../../ui/switch';
import { useUser } from '../auth';
import {
  confirmSetup,
  makeNewCodes,
  saveSignInPolicy,
  signInPolicyQuery,
  startSetup,
  turnOff,
  twoStepKeys,
  twoStepStatusQuery,
} from './api';
import { RecoveryCodesPanel } from './recovery-codes';
import { codeInputProps, SetupPanel } from './setup-panel';

type View = { kind: 'status' } | { kind: 'setup'; setup: TotpSetup } | { kind: 'codes'; codes: string[] };

/** Settings > Security: the authenticator app, and for admins the clinic's second-step policy. */
export function TwoStepCard() {
  const user = useUser();
  return (
    <>
      <AuthenticatorCard />
      {user.role === 'admin' ? <SignInPolicyCard /> : null}
    </>
  );
}

function AuthenticatorCard() {
  const queryClient = useQueryClient();
  const status = useQuery(twoStepStatusQuery);
  const [view, setView] = useState<View>({ kind: 'status' });
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: twoStepKeys.status });

  const begin = useMutation({
    mutationFn: startSetup,
    onSuccess: (setup) => {
      setError(null);
      setView({ kind: 'setup', setup });
    },
    onError: () => setError('Could not start the set-up. Please try again.'),
  });

  let body: React.ReactNode;
  if (view.kind === 'setup') {
    body = (
      <SetupPanel
        setup={view.setup}
        onCancel={() => setView({ kind: 'status' })}
        onConfirm={async (code) => {
          const { recoveryCodes } = await confirmSetup({ code });
          setView({ kind: 'codes', codes: recoveryCodes });
          toast.success('Two-step sign-in is on.');
          await refresh();
        }}
      />
    );
  } else if (view.kind === 'codes') {
    body = (
      <div className="flex flex-col gap-4">
        <RecoveryCodesPanel codes={view.codes} />
        <div>
          <Button type="button" onClick={() => setView({ kind: 'status' })}>
            I have saved my codes
          </Button>
        </div>
      </div>
    );
  } else if (status.isPending) {
    body = <LoadingState />;
  } else if (status.isError) {
    body = <LoadError message="Could not load your two-step sign-in." retry={() => status.refetch()} />;
  } else if (!status.data.enabled) {
    body = (
      <div className="flex flex-col gap-3">
        <p className="text-sm">Two-step sign-in is off. Signing in needs only your password.</p>
        {error ? <Alert variant="error">{error}</Alert> : null}
        <div>
          <Button type="button" disabled={begin.isPending} onClick={() => begin.mutate()}>
            Set up an authenticator app
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-6">
        <p className="text-sm">
          Two-step sign-in is on. Recovery codes left: <strong>{status.data.recoveryCodesLeft}</strong>
        </p>
        <NewCodesForm onCodes={(codes) => setView({ kind: 'codes', codes })} onDone={refresh} />
        <TurnOffForm onDone={refresh} />
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-step sign-in</CardTitle>
        <CardDescription>
          After your password, a 6-digit code from an authenticator app on your phone.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

function NewCodesForm({
  onCodes,
  onDone,
}: {
  onCodes: (codes: string[]) => void;
  onDone: () => Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(TotpConfirmInputSchema, { code: '' });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ code }) => {
    setError(null);
    try {
      const { recoveryCodes } = await makeNewCodes({ code });
      onCodes(recoveryCodes);
      await onDone();
    } catch (caught) {
      setError(
        applyServerErrors(caught, {
          fields: ['code'],
          setError: form.setError,
          fallback: 'Could not make new codes. Please try again.',
        }),
      );
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="new-codes-heading" className="flex flex-col gap-3">
      <h3 id="new-codes-heading" className="font-medium">
        Make new recovery codes
      </h3>
      <p className="text-muted-foreground text-sm">The old codes stop working.</p>
      {error && !errors.code ? <Alert variant="error">{error}</Alert> : null}
      <FormField label="Code from your app" error={errors.code?.message}>
        <Input {...codeInputProps} {...form.register('code')} />
      </FormField>
      <div>
        <Button type="submit" variant="outline" disabled={isSubmitting}>
          Make new codes
        </Button>
      </div>
    </form>
  );
}

function TurnOffForm({ onDone }: { onDone: () => Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(TwoStepDisableInputSchema, { password: '', code: '' });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (input) => {
    setError(null);
    try {
      await turnOff(input);
      form.reset();
      toast.success('Two-step sign-in is off.');
      await onDone();
    } catch (caught) {
      setError(
        applyServerErrors(caught, {
          fields: ['password', 'code'],
          setError: form.setError,
          fallback: 'Could not turn two-step sign-in off. Please try again.',
        }),
      );
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="turn-off-heading" className="flex flex-col gap-3">
      <h3 id="turn-off-heading" className="font-medium">
        Turn off two-step sign-in
      </h3>
      {error && !errors.code && !errors.password ? <Alert variant="error">{error}</Alert> : null}
      <FormField label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <FormField
        label="Code from your app or a recovery code"
        error={errors.code?.message}
        hint="6 digits, or a recovery code like abcde-23456."
      >
        <Input
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          {...form.register('code')}
        />
      </FormField>
      <div>
        <Button type="submit" variant="destructive" disabled={isSubmitting}>
          Turn off
        </Button>
      </div>
    </form>
  );
}

const POLICY_ROLES = [
  { name: 'requireForAdmins', label: 'Admins' },
  { name: 'requireForPractitioners', label: 'Practitioners' },
  { name: 'requireForStaff', label: 'Staff' },
] as const;

function SignInPolicyCard() {
  const policy = useQuery(signInPolicyQuery);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Second step for the clinic</CardTitle>
        <CardDescription>
          Who must use two-step sign-in. Someone required who has not set it up is led through it after their
          password, before anything else.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {policy.isPending ? (
          <LoadingState />
        ) : policy.isError ? (
          <LoadError message="Could not load the sign-in policy." retry={() => policy.refetch()} />
        ) : (
          <PolicyForm initial={policy.data} />
        )}
      </CardContent>
    </Card>
  );
}

function PolicyForm({ initial }: { initial: Record<(typeof POLICY_ROLES)[number]['name'], boolean> }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(SignInPolicySchema, initial);
  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const saved = await saveSignInPolicy(values);
      queryClient.setQueryData(twoStepKeys.policy, saved);
      form.reset(saved);
      toast.success('Sign-in policy saved.');
    } catch (caught) {
      setError(
        applyServerErrors(caught, {
          fields: [],
          setError: form.setError,
          fallback: 'Could not save the policy. Please try again.',
        }),
      );
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-medium text-sm">Require a second step for</legend>
        {POLICY_ROLES.map(({ name, label }) => (
          <div key={name} className="flex items-center gap-3">
            <Controller
              control={form.control}
              name={name}
              render={({ field }) => (
                <Switch id={`policy-${name}`} checked={field.value} onCheckedChange={field.onChange} />
              )}
            />
            <Label htmlFor={`policy-${name}`}>{label}</Label>
          </div>
        ))}
      </fieldset>
      <div>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          Save policy
        </Button>
      </div>
    </form>
  );
}
