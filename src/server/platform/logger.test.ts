import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger';

describe('redactUrl', () => {
  it('hides socket and reset tokens in logged URLs', () => {
    expect(redactUrl('/ws?token=abc.def&channel=account-status')).toBe(
      '/ws?token=[redacted]&channel=account-status',
    );
    expect(redactUrl('/reset-password?x=1&token=secret')).toBe('/reset-password?x=1&token=[redacted]');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});
