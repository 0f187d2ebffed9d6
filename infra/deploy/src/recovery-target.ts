// The time `ops restore --to` recovers to: an ISO 8601 time with its zone, a real one (no 30 February,
// no 25 o'clock), not in the future and not before the base backup could recover from (decision 085).
// Checked before anything is written.
import { OpsError } from './errors';

/** `2026-12-07T14:29:00Z`, `2026-12-07 15:29:00.123456+01:00`: seconds and up to 6 decimals optional, the zone required. */
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

export interface RecoveryTarget {
  /** As given. */
  text: string;
  /**
   * What recovery_target_time gets: the same instant with a numeric offset and a space (the server
   * reads its settings before it knows zone names, so `Z` is refused there), with its microseconds
   * (a Date keeps milliseconds).
   */
  postgres: string;
  at: Date;
}

const bad = (message: string) => new OpsError('OPS_RESTORE_BAD_TIME', `${message}; nothing was restored`);

/** Parses `--to`; refuses anything that is not a real instant. */
export function parseRecoveryTarget(text: string): RecoveryTarget {
  const m = ISO_TIME.exec(text.trim());
  if (!m) throw bad(`--to "${text}" is not a time: give an ISO 8601 time with its zone, e.g. 2026-12-07T14:29:00Z or 2026-12-07T15:29:00+01:00`);
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const local = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls 30 February over into March: a time whose fields do not survive the round trip is not real.
  const real =
    local.getUTCFullYear() === year && local.getUTCMonth() === month - 1 && local.getUTCDate() === day && local.getUTCHours() === hour && local.getUTCMinutes() === minute && local.getUTCSeconds() === second;
  const zone = m[8]!;
  const offset = zone === 'Z' ? 0 : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
  if (!real || Math.abs(offset) > 14 * 60 || Number(zone.slice(-2) || 0) > 59) throw bad(`--to "${text}" is not a real time`);
  const fraction = Number(m[7] ?? 0);
  const [date, time] = [`${m[1]}-${m[2]}-${m[3]}`, `${m[4]}:${m[5]}:${m[6] ?? '00'}${m[7] ?? ''}`];
  const numericZone = zone === 'Z' ? '+00:00' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  return { text: text.trim(), postgres: `${date} ${time}${numericZone}`, at: new Date(local.getTime() - offset * 60_000 + Math.floor(fraction * 1000)) };
}

/** Refuses a target the set cannot reach: after now, or before the set's base backup was consistent. */
export function checkRecoveryWindow(target: RecoveryTarget, recoverableFrom: string, now: Date): void {
  if (target.at.getTime() > now.getTime()) {
    throw bad(`--to ${target.text} is in the future (it is ${now.toISOString()}): recovery replays what has happened`);
  }
  if (target.at.getTime() < new Date(recoverableFrom).getTime()) {
    throw bad(`--to ${target.text} is before this base backup can recover to (${recoverableFrom}, when it was finished): restore an older base set (ops backup --base)`);
  }
}
