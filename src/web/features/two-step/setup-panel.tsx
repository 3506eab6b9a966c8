import { useState } from 'react';
import { TotpConfirmInputSchema, type TotpSetup } from '../../../shared/two-step';
import { applyServerErrors } from '../../lib/form-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';

/** A code input as authenticator codes want it: digits, one-time-code autofill, no spell checks. */
export const codeInputProps = {
  inputMode: 'numeric' as const,
  autoComplete: 'one-time-code',
  autoCapitalize: 'off',
  autoCorrect: 'off',
  spellCheck: false,
};

/**
 * Set-up's second half: the QR code to scan, the secret to type in instead, and the first code, which turns
 * the app on. `onConfirm` sends the code; a wrong one shows on the field.
 */
export function SetupPanel({
  setup,
  onConfirm,
  onCancel,
}: {
  setup: TotpSetup;
  onConfirm: (code: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useZodForm(TotpConfirmInputSchema, { code: '' });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ code }) => {
    setError(null);
    try {
      await onConfirm(code);
    } catch (caught) {
      setError(
        applyServerErrors(caught, {
          fields: ['code'],
          setError: form.setError,
          fallback: 'Could not check the code. Please try again.',
        }),
      );
    }
  });
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm">
        <li>Open your authenticator app and add an account.</li>
        <li>Scan the QR code, or type in the setup key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img
        src={setup.qrCodeDataUrl}
        alt="QR code for your authenticator app"
        width={192}
        height={192}
        className="size-48 self-center rounded-md bg-white"
      />
      <dl className="flex flex-col gap-1">
        <dt className="font-medium text-sm">Setup key (for typing in)</dt>
        <dd>
          <code data-testid="totp-secret" className="block break-all rounded-md bg-muted px-2 py-1 text-sm">
            {setup.secret}
          </code>
        </dd>
      </dl>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {error && !errors.code ? <Alert variant="error">{error}</Alert> : null}
        <FormField label="6-digit code" error={errors.code?.message}>
          <Input {...codeInputProps} {...form.register('code')} />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Checking…' : 'Turn on'}
          </Button>
          {onCancel ? (
            <Button type="button" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
    </div>
  );
}
