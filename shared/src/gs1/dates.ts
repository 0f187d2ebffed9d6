// GS1 dates: YYMMDD with the century of GS1 General Specifications 7.12 (a sliding window of
// 49 years back, 50 ahead), day 00 meaning the last day of the month where the AI allows it.

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The full year of a two-digit GS1 year, seen from `today` (GS1 General Specifications 7.12). */
export function gs1FullYear(yy: number, today: Date = new Date()): number {
  const current = today.getUTCFullYear();
  const century = current - (current % 100);
  const diff = yy - (current % 100);
  if (diff >= 51) return century - 100 + yy;
  if (diff <= -50) return century + 100 + yy;
  return century + yy;
}

/** Why a YYMMDD (or YYYYMMDD) value is not a date, or null. Leap years: see `gs1FullYear`. */
export function dateProblem(value: string, dayZero: boolean, today?: Date): string | null {
  const long = value.length === 8;
  const year = long ? Number(value.slice(0, 4)) : gs1FullYear(Number(value.slice(0, 2)), today);
  const month = Number(value.slice(long ? 4 : 2, long ? 6 : 4));
  const day = Number(value.slice(long ? 6 : 4));
  if (month < 1 || month > 12) return `month ${month}`;
  if (day === 0) return dayZero ? null : 'day 00';
  return day > daysInMonth(year, month) ? `day ${day} of month ${month}` : null;
}

/** A GS1 date as an ISO date (`2026-02-28` for `260200`); the value must have passed `dateProblem`. */
export function gs1DateToIso(value: string, today?: Date): string {
  const year = gs1FullYear(Number(value.slice(0, 2)), today);
  const month = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6)) || daysInMonth(year, month);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `2026-12-31` -> `261231`; null when the ISO date is not a real date. */
export function isoToGs1Date(iso: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return null;
  const yymmdd = `${m[1]!.slice(2)}${m[2]}${m[3]}`;
  return dateProblem(`${m[1]}${m[2]}${m[3]}`, false) ? null : yymmdd;
}
