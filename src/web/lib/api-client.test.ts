import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../shared/messages';
import { jsonResponse } from '../test/fixtures';
import { api, setSessionEndedHandler } from './api-client';
import { ApiRequestError } from './api-error';

const onSessionEnded = vi.fn();

beforeEach(() => {
  window.localStorage.setItem('token', 'secret-token');
  onSessionEnded.mockReset();
  setSessionEndedHandler(onSessionEnded);
});

afterEach(() => setSessionEndedHandler(null));

function answer(response: Response | (() => Promise<Response>)) {
  const fetchMock = vi.fn(typeof response === 'function' ? response : async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(call: Promise<unknown>): Promise<ApiRequestError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
}

describe('api client', () => {
  it('sends the bearer token and cookies, and a JSON body', async () => {
    const fetchMock = answer(jsonResponse({ ok: true }));
    await expect(api.put('/api/user-preferences', { theme: 'dark' })).resolves.toEqual({ ok: true });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/user-preferences');
    expect(init.method).toBe('PUT');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer secret-token');
    expect(init.body).toBe(JSON.stringify({ theme: 'dark' }));
  });

  it('sends no Authorization header without a token', async () => {
    window.localStorage.removeItem('token');
    const fetchMock = answer(jsonResponse({}));
    await api.get('/api/health');
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('parses the error shape into status, message, code and fields', async () => {
    answer(
      jsonResponse(
        { message: 'Bad input', code: 'VALIDATION', fields: { email: 'Enter a valid email address' } },
        400,
      ),
    );
    const error = await failure(api.post('/api/profile', {}));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Bad input');
    expect(error.code).toBe('VALIDATION');
    expect(error.fields).toEqual({ email: 'Enter a valid email address' });
  });

  it('still gives a readable message when the error body is not the error shape', async () => {
    answer(new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const error = await failure(api.get('/api/health'));
    expect(error.status).toBe(502);
    expect(error.message).toBe('Bad Gateway');
  });

  it('reports a failed network call as status 0 with the network message', async () => {
    answer(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(api.get('/api/auth/me'));
    expect(error.status).toBe(0);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it.each(['Invalid token', 'Access token required', 'Token expired'])(
    'a 401 "%s" clears the token and ends the session',
    async (message) => {
      answer(jsonResponse({ message }, 401));
      await failure(api.get('/api/user-preferences'));
      expect(window.localStorage.getItem('token')).toBeNull();
      expect(onSessionEnded).toHaveBeenCalledTimes(1);
    },
  );

  it.each(['/api/auth/login', '/api/auth/register', '/api/auth/forgot-password', '/api/auth/reset-password'])(
    'a 401 session message on %s does not end the session',
    async (path) => {
      answer(jsonResponse({ message: 'Invalid token' }, 401));
      const error = await failure(api.post(path, {}));
      expect(error.status).toBe(401);
      expect(window.localStorage.getItem('token')).toBe('secret-token');
      expect(onSessionEnded).not.toHaveBeenCalled();
    },
  );

  it('a 401 with any other message leaves the session alone', async () => {
    answer(jsonResponse({ message: 'Current password is incorrect' }, 401));
    await failure(api.post('/api/auth/change-password', {}));
    expect(window.localStorage.getItem('token')).toBe('secret-token');
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('a 403 never ends the session', async () => {
    answer(jsonResponse({ message: 'Token expired' }, 403));
    await failure(api.get('/api/admin/users'));
    expect(window.localStorage.getItem('token')).toBe('secret-token');
  });
});
