// Every export writes its cells through csvField (the recalls' follow-up, the UDI export, the personal
// data): a cell a spreadsheet would run as a formula is neutralised, whichever export it is in.
import { describe, expect, it } from 'vitest';
import { csvField, csvTable } from './csv';

describe('csvField', () => {
  it.each([
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['+32 470 12 34 56', "'+32 470 12 34 56"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('neutralises a text a spreadsheet would run: %j', (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it('leaves numbers, plain texts and empty values as they are, and quotes commas, quotes and line breaks', () => {
    expect(csvField(-3)).toBe('-3');
    expect(csvField('Zorggroep Scheldeland')).toBe('Zorggroep Scheldeland');
    expect(csvField(null)).toBe('');
    expect(csvField('Gent, campus "Sint-Elisabeth"')).toBe('"Gent, campus ""Sint-Elisabeth"""');
    expect(csvTable(['name', 'units'], [{ name: '=cmd', units: 4 }])).toBe("name,units\r\n'=cmd,4\r\n");
  });
});
