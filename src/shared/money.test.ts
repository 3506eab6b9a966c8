import { describe, expect, it } from 'vitest';
import { centsFromText, decimalFromCents, formatMoney } from './money';

describe('money as text', () => {
  it('shows cents as dollars with separators, another currency by its code', () => {
    expect(formatMoney(5500)).toBe('$55.00');
    expect(formatMoney(125000)).toBe('$1,250.00');
    expect(formatMoney(-250)).toBe('-$2.50');
    expect(formatMoney(1999, 'eur')).toBe('EUR 19.99');
  });

  it('writes a plain decimal for fields and CSV', () => {
    expect(decimalFromCents(1250)).toBe('12.50');
    expect(decimalFromCents(7)).toBe('0.07');
  });

  it('reads amounts as people type them', () => {
    expect(centsFromText('12')).toBe(1200);
    expect(centsFromText('12.5')).toBe(1250);
    expect(centsFromText('$1,250.00')).toBe(125000);
    expect(centsFromText('.5')).toBe(50);
    expect(centsFromText('12.345')).toBeNull();
    expect(centsFromText('abc')).toBeNull();
  });
});
