import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { queryOptions } from '@tanstack/react-query';
import type { AuthResponse, MessageResponse } from '../../../shared/auth';
import type {
  Passkey,
  PasskeyOptionsResponse,
  RemovePasskeyInput,
  RenamePasskeyInput,
} from '../../../shared/passkeys';
import { api, apiRequest } from '../../lib/api-client';

export const passkeyKeys = {
  list: ['/api/auth/passkeys'] as const,
};

export const passkeysQueryOptions = queryOptions({
  queryKey: passkeyKeys.list,
  queryFn: ({ signal }) => api.get<Passkey[]>('/api/auth/passkeys', { signal }),
});

/** The browser's WebAuthn helpers, loaded when first needed: the sign-in page must stay small. */
export const loadWebAuthn = () => import('@simplewebauthn/browser');

/** Asks the browser to make a passkey for this portal and saves it; the prompt may be cancelled. */
export async function addPasskey() {
  const { startRegistration } = await loadWebAuthn();
  const { challengeId, options } = await api.post<PasskeyOptionsResponse>(
    '/api/auth/passkeys/registration-options',
  );
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return api.post<Passkey>('/api/auth/passkeys', { challengeId, response });
}

export const renamePasskey = (id: string, input: RenamePasskeyInput) =>
  api.patch<Passkey>(`/api/auth/passkeys/${encodeURIComponent(id)}`, input);

export const removePasskey = (id: string, input: RemovePasskeyInput) =>
  apiRequest<MessageResponse>(`/api/auth/passkeys/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    body: input,
  });

/** Asks the browser for one of the person's passkeys for this portal and signs in with it. */
export async function signInWithPasskey() {
  const { startAuthentication } = await loadWebAuthn();
  const { challengeId, options } = await api.post<PasskeyOptionsResponse>('/api/auth/passkey/options');
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return api.post<AuthResponse>('/api/auth/passkey/login', { challengeId, response });
}

/** A cancelled or refused browser prompt, told apart from an answer of the server. */
export const isPromptRefusal = (caught: unknown) =>
  caught instanceof Error && ['NotAllowedError', 'AbortError', 'InvalidStateError'].includes(caught.name);
