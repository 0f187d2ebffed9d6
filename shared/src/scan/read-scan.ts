// The one place scan to order reads what a scanner or the camera delivered (issue 42, decision 075),
// through THE GS1 parser (`@portal/shared/gs1`, decision 069): element strings with or without their
// symbology identifier and separators, bracketed strings, Digital Link URIs and bare GTINs. The
// parser (about 12 KB gzip with GS1's table) loads with the first scan, not with quick order's first screen.

export type ScanReading =
  | { ok: true; gtin: string; lot?: string; serial?: string; expiry?: string }
  /** `code`: the parser's stable code (GS1_*), or GS1_NO_GTIN for a GS1 code without a product number; `ai` where the parser names one. */
  | { ok: false; code: string; ai?: string };

export async function readScan(text: string): Promise<ScanReading> {
  const { parseGs1 } = await import(/* webpackChunkName: "gs1" */ '@portal/shared/gs1');
  const read = parseGs1(text.trim());
  if (!read.ok) return { ok: false, code: read.error.code, ...(read.error.ai ? { ai: read.error.ai } : {}) };
  if (!read.gtin) return { ok: false, code: 'GS1_NO_GTIN' };
  return { ok: true, gtin: read.gtin, ...(read.lot ? { lot: read.lot } : {}), ...(read.serial ? { serial: read.serial } : {}), ...(read.expiry ? { expiry: read.expiry } : {}) };
}
