import { describe, expect, it } from 'vitest';
import { minutesLeft, SESSION_WARNING_MS, warningTime } from './session-timing';

describe('session timing', () => {
  it('warns two minutes before a 15-minute token expires', () => {
    expect(warningTime({ expires_at: 1_000_000, expires_in: 900 })).toBe(1_000_000 - SESSION_WARNING_MS);
  });

  it('warns halfway through a lifetime shorter than four minutes', () => {
    expect(warningTime({ expires_at: 1_000_000, expires_in: 30 })).toBe(1_000_000 - 15_000);
  });

  it.each([
    [120_000, 2],
    [60_001, 2],
    [60_000, 1],
    [1, 1],
    [0, 0],
    [-5_000, 0],
  ])('%i ms left shows %i minutes', (left, minutes) => {
    expect(minutesLeft(10_000_000 + left, 10_000_000)).toBe(minutes);
  });
});
