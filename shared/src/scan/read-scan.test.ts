import { describe, expect, it } from 'vitest';
import { readScan } from './read-scan';

describe('readScan, through the GS1 parser', () => {
  it('reads a bare GTIN and element strings, with or without a symbology identifier, as 14 digits', async () => {
    expect(await readScan('5400001000019')).toEqual({ ok: true, gtin: '05400001000019' });
    expect(await readScan('0105400001000019')).toEqual({ ok: true, gtin: '05400001000019' });
    expect(await readScan(']d20105400001000019')).toEqual({ ok: true, gtin: '05400001000019' });
    expect(await readScan(']C10105400001000019\n')).toEqual({ ok: true, gtin: '05400001000019' });
  });

  it('reads the lot, the serial and the expiry a DataMatrix carries, and a Digital Link', async () => {
    expect(await readScan(']d20105400001000019' + '17261231' + '10A1\u001d21SN7')).toEqual({ ok: true, gtin: '05400001000019', lot: 'A1', serial: 'SN7', expiry: '2026-12-31' });
    expect(await readScan('https://id.gs1.org/01/05400001000019/10/LOT%2F9')).toEqual({ ok: true, gtin: '05400001000019', lot: 'LOT/9' });
  });

  it("answers the parser's code for what it refuses, and GS1_NO_GTIN for a code without a product number", async () => {
    expect(await readScan('5400001000018')).toMatchObject({ ok: false, code: 'GS1_CHECK_DIGIT' });
    expect(await readScan('0105400001000019172602300')).toMatchObject({ ok: false });
    expect(await readScan('NW-100037')).toMatchObject({ ok: false, code: 'GS1_NOT_GS1' });
    expect(await readScan('00106141411234567897')).toEqual({ ok: false, code: 'GS1_NO_GTIN' });
  });
});
