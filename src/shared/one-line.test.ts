import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CreateUserInputSchema } from './admin';
import { RegisterInputSchema } from './auth';
import { CreateDonationIntentInputSchema } from './donations';
import { CreateEventInputSchema } from './events';
import { MessageContentSchema } from './messaging';
import { AccountStepSchema, ConsentsStepSchema, ContactStepSchema } from './onboarding';
import { isOneLine } from './one-line';
import { CreatePatientInputSchema, UpdatePatientInputSchema } from './patients';
import { UpdateProfileInputSchema } from './profile';
import { BookingDetailsSchema } from './public-booking';
import { CreateQuoteInputSchema } from './quotes';
import { CreateServiceTypeInputSchema } from './scheduling';
import { CreateProductInputSchema, ShippingAddressSchema } from './store';

const NAME_FIELDS: Array<[string, z.ZodType]> = [
  ['registration first name', RegisterInputSchema.shape.firstName],
  ['registration last name', RegisterInputSchema.shape.lastName],
  ['profile first name', UpdateProfileInputSchema.shape.firstName],
  ['profile last name', UpdateProfileInputSchema.shape.lastName],
  ["admin's new user's first name", CreateUserInputSchema.shape.firstName],
  ["staff's new patient's last name", CreatePatientInputSchema.shape.lastName],
  ['emergency contact name', UpdatePatientInputSchema.shape.emergencyContactName],
  ['address line', UpdatePatientInputSchema.shape.addressLine1],
  ['onboarding first name', AccountStepSchema.shape.firstName],
  ['onboarding emergency contact', ContactStepSchema.shape.emergencyContactName],
  ['consent signature', ConsentsStepSchema.shape.treatmentSignature],
  ['service name', CreateServiceTypeInputSchema.shape.name],
  ['event title', CreateEventInputSchema.shape.title],
  ['event place', CreateEventInputSchema.shape.place],
  ['quote title', CreateQuoteInputSchema.shape.title],
  ['product name', CreateProductInputSchema.shape.name],
  ['shipping name', ShippingAddressSchema.shape.name],
  ['booking visitor name', BookingDetailsSchema.shape.name],
  ['donor first name', CreateDonationIntentInputSchema.shape.firstName],
  ['donor last name', CreateDonationIntentInputSchema.shape.lastName],
];

const CONTROLLED = [
  'Ann\r\nATTENDEE:mailto:x@example.test',
  'Ann\rLee',
  'Ann\nLee',
  'Ann\tLee',
  'Ann\u0007Lee',
  'Ann\u007fLee',
  'Ann\u0085Lee',
  'Ann\u009bLee',
  'Ann\u2028Lee',
  'Ann\u202eeeL',
  'Ann\u2066Lee\u2069',
];

const FINE = [
  'Zoë',
  "Seán O'Brien-Ní Bhriain",
  'محمد',
  'Jean\u2011Luc',
  'مهرزاد\u200cی',
  '👩‍⚕️ Dr Ada',
  'Ann  Lee',
];

describe('one-line fields', () => {
  it.each(NAME_FIELDS)('%s refuses control characters, line breaks and bidi overrides', (_name, schema) => {
    for (const value of CONTROLLED) {
      const result = schema.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message).join()).toMatch(
        /must be one line, without control characters/,
      );
    }
  });

  it.each(NAME_FIELDS)('%s keeps names in any script, with joiners and apostrophes', (_name, schema) => {
    for (const value of FINE) expect(schema.safeParse(value).success, value).toBe(true);
  });

  it('leaves multi-line text alone: a message keeps its line breaks and tabs', () => {
    expect(MessageContentSchema.safeParse('Line one\r\nLine two\tand a tab').success).toBe(true);
    expect(CreateQuoteInputSchema.shape.details.safeParse('First\nSecond').success).toBe(true);
    expect(isOneLine('Plain text, 100% fine; even \\ and "quotes"')).toBe(true);
  });
});

describe('profile time zone', () => {
  const zone = UpdateProfileInputSchema.shape.timeZone;

  it.each(['Europe/London', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/UTC', 'Etc/GMT+5'])(
    'takes the IANA zone %s',
    (value) => expect(zone.safeParse(value).success).toBe(true),
  );

  it('takes null, which clears it', () => expect(zone.safeParse(null).success).toBe(true));

  it.each([
    ['an unknown zone', 'Mars/Olympus'],
    ['an abbreviation', 'EST'],
    ['GMT without Etc/', 'GMT'],
    ['an offset', '+05:00'],
    ['a zone with a line break', 'Europe/London\r\n'],
    ['nothing', ''],
    ['a very long value', 'x'.repeat(5000)],
  ])('refuses %s', (_label, value) => {
    const result = zone.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toMatch(/IANA time zone/);
  });
});
