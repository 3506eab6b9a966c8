import { describe, expect, it } from 'vitest';
import {
  FORGOT_PASSWORD_MESSAGES,
  LOGIN_MESSAGES,
  REGISTER_MESSAGES,
  RESET_PASSWORD_MESSAGES,
} from '../../../shared/messages';
import { ApiRequestError } from '../../lib/api-error';
import {
  forgotPasswordErrorMessage,
  loginErrorMessage,
  registerErrorMessage,
  resetPasswordErrorMessage,
} from './error-messages';

const failed = (status: number, message = '') => new ApiRequestError({ status, message });

describe('login errors', () => {
  it('maps a 401 mentioning deactivated to the deactivated text', () => {
    expect(loginErrorMessage(failed(401, 'Account is deactivated'))).toBe(LOGIN_MESSAGES.deactivated);
  });
  it('maps any other 401 to invalid credentials', () => {
    expect(loginErrorMessage(failed(401, 'Invalid email or password'))).toBe(
      LOGIN_MESSAGES.invalidCredentials,
    );
  });
  it('maps 404 to user not found', () => {
    expect(loginErrorMessage(failed(404, 'User not found'))).toBe(LOGIN_MESSAGES.notFound);
  });
  it('maps status 0 to the network text', () => {
    expect(loginErrorMessage(failed(0, 'Network error or server unavailable'))).toBe(LOGIN_MESSAGES.network);
  });
  it('shows the server message otherwise', () => {
    expect(loginErrorMessage(failed(429, 'Too many attempts, try again in a minute'))).toBe(
      'Too many attempts, try again in a minute',
    );
  });
  it('falls back when there is no message', () => {
    expect(loginErrorMessage(failed(500))).toBe(LOGIN_MESSAGES.fallback);
    expect(loginErrorMessage(new Error('boom'))).toBe(LOGIN_MESSAGES.fallback);
  });
  it('falls back when the only message is the status text the browser made up', () => {
    const bodyless = new ApiRequestError({
      status: 500,
      message: 'Internal Server Error',
      isServerMessage: false,
    });
    expect(loginErrorMessage(bodyless)).toBe(LOGIN_MESSAGES.fallback);
  });
});

describe('registration errors', () => {
  it('maps a 400 containing already exists to the duplicate text', () => {
    expect(registerErrorMessage(failed(400, 'A user with this email already exists'))).toBe(
      REGISTER_MESSAGES.alreadyExists,
    );
  });
  it('maps any other 400 to invalid data', () => {
    expect(registerErrorMessage(failed(400, 'Password must be at least 8 characters'))).toBe(
      REGISTER_MESSAGES.invalid,
    );
  });
  it('falls back otherwise, whatever the server said', () => {
    expect(registerErrorMessage(failed(500, 'Internal'))).toBe(REGISTER_MESSAGES.fallback);
    expect(registerErrorMessage(failed(0, 'Network error or server unavailable'))).toBe(
      REGISTER_MESSAGES.fallback,
    );
  });
});

describe('forgot-password errors', () => {
  it('maps 404 to no account found', () => {
    expect(forgotPasswordErrorMessage(failed(404, 'User not found'))).toBe(FORGOT_PASSWORD_MESSAGES.notFound);
  });
  it('maps a 400 containing inactive to the inactive text', () => {
    expect(forgotPasswordErrorMessage(failed(400, 'Account is inactive'))).toBe(
      FORGOT_PASSWORD_MESSAGES.inactive,
    );
  });
  it('falls back otherwise', () => {
    expect(forgotPasswordErrorMessage(failed(400, 'Enter a valid email address'))).toBe(
      FORGOT_PASSWORD_MESSAGES.fallback,
    );
    expect(forgotPasswordErrorMessage(failed(500))).toBe(FORGOT_PASSWORD_MESSAGES.fallback);
  });
});

describe('reset-password errors', () => {
  it('maps 400 to the invalid token text', () => {
    expect(resetPasswordErrorMessage(failed(400, 'Reset token has expired'))).toBe(
      RESET_PASSWORD_MESSAGES.invalidToken,
    );
  });
  it('falls back otherwise', () => {
    expect(resetPasswordErrorMessage(failed(500))).toBe(RESET_PASSWORD_MESSAGES.fallback);
  });
});
