import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import type { AuthResponse } from '../../../shared/auth';
import {
  type SecondStepChallenge,
  SecondStepCodeSchema,
  TotpCodeSchema,
  type TotpSetup,
} from '../../../shared/two-step';
import { applyServerErrors } from '../../lib/form-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { LoadingState } from '../../ui/spinner';
import { answerSecondStep, confirmEnrolment, startEnrolment } from './api';
import { RecoveryCodesPanel } from './recovery-codes';
import { codeInputProps, SetupPanel } from './setup-panel';

export type SecondStepScreenProps = {
  challenge: SecondStepChallenge['secondStep'];
  /** Signs in with the session token the second step gave. */
  onSignedIn: (token: string) => Promise<void>;
  /** Back to the password. */
  onBack: () => void;
};

/** The sign-in page after the password: the code (or a recovery code), or enrolment when the clinic requires it. */
export default function SecondStepScreen(props: SecondStepScreenProps) {
  return props.challenge.enrol ? <EnrolScreen {...props} /> : <CodeScreen {...props} />;
}

const TotpFormSchema = z.strictObject({ code: TotpCodeSchema });
const RecoveryFormSchema = z.strictObject({ code: SecondStepCodeSchema });

function CodeScreen({ challenge, onSignedIn, onBack }: SecondStepScreenProps) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(useRecovery ? RecoveryFormSchema : TotpFormSchema, { code: '' });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => {
    form.setFocus('code');
  }, [form]);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setError(null);
    let answer: AuthResponse;
    try {
      answer = await answerSecondStep({ challengeToken: challenge.challengeToken, code });
    } catch (caught) {
      setError(
        applyServerErrors(caught, {
          fields: ['code'],
          setError: form.setError,
          fallback: 'Could not check the code. Please try again.',
        }),
      );
      return;
    }
    await onSignedIn(answer.token);
  });

  const toggle = () => {
    setUseRecovery((value) => !value);
    setError(null);
    form.reset({ code: '' });
    setTimeout(() => form.setFocus('code'), 0);
  };

  return (
    <div className="flex flex-col gap-4">
      <h2 className="font-semibold text-lg">Two-step sign-in</h2>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {error && !errors.code ? <Alert variant="error">{error}</Alert> : null}
        {useRecovery ? (
          <FormField
            label="Enter one of your recovery codes"
            error={errors.code?.message}
            hint="Each recovery code works once."
          >
            <Input autoComplete="off" autoCapitalize="off" spellCheck={false} {...form.register('code')} />
          </FormField>
        ) : (
          <FormField label="Enter the 6-digit code from your authenticator app" error={errors.code?.message}>
            <Input {...codeInputProps} {...form.register('code')} />
          </FormField>
        )}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Checking…' : 'Verify'}
        </Button>
      </form>
      <div className="flex flex-wrap justify-between gap-2">
        <Button type="button" variant="link" className="px-0" onClick={toggle}>
          {useRecovery ? 'Use the code from your app instead' : 'Use a recovery code instead'}
        </Button>
        <Button type="button" variant="link" className="px-0" onClick={onBack}>
          Back to sign in
        </Button>
      </div>
    </div>
  );
}

type Enrolment =
  | { kind: 'loading' }
  | { kind: 'setup'; setup: TotpSetup }
  | { kind: 'codes'; token: string; codes: string[] };

function EnrolScreen({ challenge, onSignedIn, onBack }: SecondStepScreenProps) {
  const [state, setState] = useState<Enrolment>({ kind: 'loading' });
  const [error, setError] = useState<string | null>(null);
  const [isContinuing, setContinuing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    startEnrolment(challenge.challengeToken).then(
      (setup) => live && setState({ kind: 'setup', setup }),
      () => live && setError('This sign-in has expired. Please sign in again.'),
    );
    return () => {
      live = false;
    };
  }, [challenge.challengeToken]);

  useEffect(() => {
    if (state.kind === 'codes') heading.current?.focus();
  }, [state.kind]);

  return (
    <div className="flex flex-col gap-4">
      <h2 className="font-semibold text-lg" tabIndex={-1} ref={heading}>
        {state.kind === 'codes' ? 'Two-step sign-in is on' : 'Set up two-step sign-in'}
      </h2>
      {state.kind !== 'codes' ? (
        <p className="text-sm">
          The clinic asks you to use an authenticator app when you sign in. Set it up now to continue.
        </p>
      ) : null}
      {error ? <Alert variant="error">{error}</Alert> : null}
      {state.kind === 'loading' && !error ? <LoadingState label="Preparing the set-up…" /> : null}
      {state.kind === 'setup' ? (
        <SetupPanel
          setup={state.setup}
          onConfirm={async (code) => {
            const enrolled = await confirmEnrolment({ challengeToken: challenge.challengeToken, code });
            setState({ kind: 'codes', token: enrolled.token, codes: enrolled.recoveryCodes });
          }}
        />
      ) : null}
      {state.kind === 'codes' ? (
        <>
          <RecoveryCodesPanel codes={state.codes} />
          <Button
            type="button"
            disabled={isContinuing}
            onClick={async () => {
              setContinuing(true);
              await onSignedIn(state.token);
            }}
          >
            Continue
          </Button>
        </>
      ) : (
        <Button type="button" variant="link" className="self-start px-0" onClick={onBack}>
          Back to sign in
        </Button>
      )}
    </div>
  );
}
