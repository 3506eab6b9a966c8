import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger';

describe('redactUrl', () => {
  it('hides socket and reset tokens in logged URLs', () => {
    expect(redactUrl('/ws?token=abc.def&channel=account-status')).toBe(
      '/ws?token=[redacted]&channel=account-status',
    );
    expect(redactUrl('/reset-password?x=1&token=secret')).toBe('/reset-password?x=1&token=[redacted]');
    expect(redactUrl('/api/health')).toBe('/api/health');
    expect(
      redactUrl('/member/donate?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_abc&x=1'),
    ).toBe('/member/donate?payment_intent=pi_1&payment_intent_client_secret=[redacted]&x=1');
  });

  it('hides the keys that are a path segment or a page’s manage link', () => {
    expect(redactUrl('/api/public/bookings/AbC.dEf/cancel')).toBe('/api/public/bookings/[redacted]/cancel');
    expect(redactUrl('/api/public/bookings/AbC.dEf')).toBe('/api/public/bookings/[redacted]');
    expect(redactUrl('/api/calendar-feeds/secret.ics')).toBe('/api/calendar-feeds/[redacted]');
    expect(redactUrl('/book/riley-chen?manage=AbC.dEf')).toBe('/book/riley-chen?manage=[redacted]');
    expect(redactUrl('/api/public/booking/riley-chen/slots?from=2026-12-01')).toBe(
      '/api/public/booking/riley-chen/slots?from=2026-12-01',
    );
  });
});
