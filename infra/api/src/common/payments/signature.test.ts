import { describe, expect, it } from 'vitest';
import { SIGNATURE_HEADER, SIGNATURE_TOLERANCE_SECONDS, signPayload, verifySignature } from './signature';

const SECRET = 'test-secret';
const BODY = '{"id":"evt_1","payment_id":"dev_x","status":"paid"}';
const at = new Date('2026-11-24T09:00:00Z');
const later = (seconds: number) => new Date(at.getTime() + seconds * 1000);

describe('webhook signature', () => {
  it('holds for the body it was made for, within the tolerance', () => {
    const header = signPayload(SECRET, BODY, at);
    expect(verifySignature(SECRET, BODY, header, at)).toBe(true);
    expect(verifySignature(SECRET, BODY, header, later(SIGNATURE_TOLERANCE_SECONDS))).toBe(true);
  });

  it('does not hold for another body, another secret, a replay after the tolerance or a forged timestamp', () => {
    const header = signPayload(SECRET, BODY, at);
    expect(verifySignature(SECRET, BODY.replace('paid', 'failed'), header, at)).toBe(false);
    expect(verifySignature('other-secret', BODY, header, at)).toBe(false);
    expect(verifySignature(SECRET, BODY, header, later(SIGNATURE_TOLERANCE_SECONDS + 1))).toBe(false);
    const moved = header.replace(/t=\d+/, `t=${Math.floor(later(60).getTime() / 1000)}`);
    expect(verifySignature(SECRET, BODY, moved, later(60))).toBe(false);
    for (const bad of [undefined, '', 'v1=abc', 't=abc,v1=' + 'a'.repeat(64), `t=${Math.floor(at.getTime() / 1000)},v1=zz`]) {
      expect(verifySignature(SECRET, BODY, bad, at)).toBe(false);
    }
  });

  it('refuses a header with a malformed part before comparing, whichever part it is', () => {
    const header = signPayload(SECRET, BODY, at);
    const t = Math.floor(at.getTime() / 1000);
    const v1 = header.split('v1=')[1]!;
    // Each alone malformed, the others right: a missing v1, a fractional time, a v1 too long at either end.
    for (const bad of [`t=${t}`, `t=${t}.5,v1=${v1}`, `t=${t},v1=00${v1}`, `t=${t},v1=${v1}00`, `t=${t},v1=${v1.toUpperCase()}`]) {
      expect(verifySignature(SECRET, BODY, bad, at), bad).toBe(false);
    }
  });

  it('travels in the header the payment provider sends', () => {
    expect(SIGNATURE_HEADER).toBe('x-payment-signature');
  });
});
