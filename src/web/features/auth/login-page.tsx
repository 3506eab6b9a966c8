import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { LoginInput } from '../../../shared/auth';
import type { SecondStepChallenge } from '../../../shared/two-step';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { LoadingState } from '../../ui/spinner';
import { PasskeySignIn } from '../passkeys';
import { login } from './api';
import { AuthLayout, linkClass } from './auth-layout';
import { loginErrorMessage } from './error-messages';
import { useSession } from './session';

type Field = keyof LoginInput;
type FieldErrors = Partial<Record<Field, string>>;

/**
 * The sign-in page is every visitor's first download, so it checks its two fields with the shared schema
 * loaded after the page shows rather than with the form library and zod up front (scripts/bundle-budget.ts).
 */
/** The second screen, for an account with a second step: loaded only when the password step asks for it. */
const SecondStepScreen = lazy(() =>
  import('../two-step').then((module) => ({ default: module.SecondStepScreen })),
);

const loadLoginSchema = () => import('../../../shared/auth').then((module) => module.LoginInputSchema);

async function checkLogin(form: HTMLFormElement) {
  const data = new FormData(form);
  const parsed = (await loadLoginSchema()).safeParse({
    email: data.get('email'),
    password: data.get('password'),
  });
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { values: null, errors };
}

export function LoginPage() {
  const { signIn } = useSession();
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [challenge, setChallenge] = useState<SecondStepChallenge['secondStep'] | null>(null);

  useEffect(() => {
    void loadLoginSchema();
  }, []);

  // As react-hook-form does elsewhere: once a submit has failed, each change checks the fields again.
  const onChange = async (event: FormEvent<HTMLFormElement>) => {
    if (wasSubmitted) setErrors((await checkLogin(event.currentTarget)).errors);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setWasSubmitted(true);
    setIsSubmitting(true);
    try {
      const checked = await checkLogin(form);
      setErrors(checked.errors);
      if (!checked.values) {
        const first = (['email', 'password'] as const).find((field) => checked.errors[field]);
        if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
        return;
      }
      setError(null);
      const answer = await login(checked.values);
      // An account with a second step (or one the clinic requires to set one up) is answered with a challenge.
      if ('secondStep' in answer) setChallenge(answer.secondStep);
      else await signIn(answer.token);
    } catch (caught) {
      setError(loginErrorMessage(caught));
    } finally {
      setIsSubmitting(false);
    }
  };

  if (challenge)
    return (
      <AuthLayout>
        <Suspense fallback={<LoadingState />}>
          <SecondStepScreen challenge={challenge} onSignedIn={signIn} onBack={() => setChallenge(null)} />
        </Suspense>
      </AuthLayout>
    );

  return (
    <AuthLayout
      footer={
        <>
          New to the clinic?{' '}
          <Link to="/register" className={linkClass}>
            Create an account
          </Link>
        </>
      }
    >
      {error ? <Alert variant="error">{error}</Alert> : null}
      <form onSubmit={onSubmit} onChange={onChange} noValidate className="flex flex-col gap-4">
        <FormField label="Email" error={errors.email}>
          <Input name="email" type="email" autoComplete="email" />
        </FormField>
        <FormField label="Password" error={errors.password}>
          <Input name="password" type="password" autoComplete="current-password" />
        </FormField>
        <div className="flex justify-end">
          <Link to="/forgot-password" className={`${linkClass} text-sm`}>
            Forgot password?
          </Link>
        </div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      <PasskeySignIn onError={setError} />
    </AuthLayout>
  );
}
