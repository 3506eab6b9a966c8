import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { isApiRequestError } from '../../lib/api-error';
import { Button } from '../../ui/button';
import { useSession } from '../auth';
import { isPromptRefusal, signInWithPasskey } from './api';

type PasskeySignInProps = {
  /** Shows a failure in the sign-in page's own alert; null clears it. */
  onError: (message: string | null) => void;
};

/** "Sign in with a passkey" under the password form; the WebAuthn code loads only on a click. */
export function PasskeySignIn({ onError }: PasskeySignInProps) {
  const { signIn } = useSession();
  const [isPending, setPending] = useState(false);

  const start = async () => {
    onError(null);
    setPending(true);
    try {
      const { token } = await signInWithPasskey();
      await signIn(token);
    } catch (caught) {
      onError(
        isPromptRefusal(caught)
          ? 'Signing in with a passkey was cancelled or timed out.'
          : isApiRequestError(caught)
            ? caught.message.includes('deactivated')
              ? 'Account is deactivated. Please contact support for assistance.'
              : caught.message || 'That passkey could not be verified.'
            : 'This browser could not use a passkey here.',
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <Button type="button" variant="outline" onClick={start} disabled={isPending}>
      <KeyRound aria-hidden="true" />
      {isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
    </Button>
  );
}
