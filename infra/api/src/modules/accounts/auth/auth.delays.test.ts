// Growing delays on the token endpoint, measured end to end (the other suites turn them off). The
// base delay is two seconds so that the lower bounds (a delay was waited) and the upper bounds (no
// delay was waited) stay apart by far more than a password check takes on a loaded machine (one
// took 280 ms in CI against a 150 ms base, and an undelayed attempt took 1065 ms at load 30 against
// a 1 s base).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoAccounts } from '../../../app';
import { CLIENT, FORM_HEADERS, form, startTestApp, type TestApp } from '../../../test-support/test-app';

const BASE_MS = 2000;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ authFailureDelayMs: BASE_MS, tokenFailureLimit: 50 });
});
afterAll(async () => {
  await t?.close();
});

it('slows down repeated wrong passwords for an account from one address, and a success clears it', async () => {
  const user = demoAccounts().find((a) => a.role === 'buyer' && !a.twoFactor)!;
  const attempt = async (password: string, ip = '10.9.0.1') => {
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: FORM_HEADERS,
      // One address: the delays grow per account and address pair (OWASP), not per address alone.
      remoteAddress: ip,
      payload: form({ ...CLIENT, grant_type: 'password', username: user.email, password }),
    });
    return { status: res.statusCode, ms: performance.now() - started };
  };
  const times: number[] = [];
  for (let i = 1; i <= 5; i++) times.push((await attempt('wrong-password')).ms);
  // Failures 1-3 are answered without a delay; the 4th waits one base delay, the 5th two.
  expect(times[3]!).toBeGreaterThanOrEqual(BASE_MS - 10);
  expect(times[4]!).toBeGreaterThanOrEqual(2 * BASE_MS - 10);
  // Another address is not slowed down by this one's failures.
  expect((await attempt('wrong-password', '10.9.0.2')).ms).toBeLessThan(BASE_MS);
  const ok = await attempt(user.password);
  expect(ok.status).toBe(200);
  // After five failures the sixth attempt waits four base delays, even with the right password.
  expect(ok.ms).toBeGreaterThanOrEqual(4 * BASE_MS - 10);
  // The success cleared the account's count.
  const after = await attempt('wrong-password');
  expect(after.status).toBe(400);
  expect(after.ms).toBeLessThan(BASE_MS);
  // Seven base delays are waited in all: room for them and the password checks on a loaded machine.
}, 90_000);
