import { describe, expect, it } from 'vitest';
import { csvField, csvOf } from './csv';

describe('csvField', () => {
  it('makes text of every value a spreadsheet would run', () => {
    expect(csvField('=1+1')).toBe(`"'=1+1"`);
    expect(csvField('+1')).toBe(`"'+1"`);
    expect(csvField('-2')).toBe(`"'-2"`);
    expect(csvField('@cmd')).toBe(`"'@cmd"`);
    expect(csvField('\tx')).toBe(`"'\tx"`);
    expect(csvField('\rx')).toBe(`"'\rx"`);
  });

  it('quotes text, doubles its quotes, writes numbers bare and null as an empty field', () => {
    expect(csvField('plain "quoted"')).toBe('"plain ""quoted"""');
    expect(csvField('')).toBe('""');
    expect(csvField(3)).toBe('3');
    expect(csvField(null)).toBe('');
  });
});

describe('csvOf', () => {
  it('ends every row with CRLF', () => {
    expect(csvOf([['=SUM(A1)', 'a "quote"', 3]])).toBe('"\'=SUM(A1)","a ""quote""",3\r\n');
    expect(csvOf([['a'], [null, 1]])).toBe('"a"\r\n,1\r\n');
  });
});
