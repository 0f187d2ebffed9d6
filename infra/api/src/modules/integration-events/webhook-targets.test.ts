// Where a webhook may point: https to a public address in production, checked at registration and
// again on the connection (a name resolving to a private address is refused when it connects).
import { describe, expect, it } from 'vitest';
import { sendWebhook } from './webhook-sender';
import { isPrivateAddress, refuseTarget } from './webhook-targets';

describe('webhook targets', () => {
  it('tells private, loopback, link-local and mapped addresses from public ones', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', 'not-an-ip']) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('refuses in production what is not https to a public host; allows http to localhost in development only', () => {
    for (const url of ['http://erp.example.com/', 'https://localhost/', 'https://app.localhost/', 'https://127.0.0.1/', 'https://[::1]/', 'https://10.0.0.8/', 'https://169.254.169.254/latest', 'http://localhost:9000/']) {
      expect(refuseTarget(url, true), url).not.toBeNull();
    }
    expect(refuseTarget('https://erp.example.com/portal-events', true)).toBeNull();
    expect(refuseTarget('http://localhost:9000/hooks', false)).toBeNull();
    expect(refuseTarget('http://127.0.0.1:9000/hooks', false)).toBeNull();
    expect(refuseTarget('http://erp.example.com/', false)).not.toBeNull();
    expect(refuseTarget('https://u:p@erp.example.com/', false)).not.toBeNull();
  });

  it('in production refuses on the connection a name that resolves to a loopback address', async () => {
    const result = await sendWebhook({ url: 'https://localhost:1/hooks', secret: `whsec_${Buffer.alloc(32, 1).toString('base64')}`, messageId: 'msg_1', body: '{}', timeoutMs: 2000, production: true });
    expect(result).toMatchObject({ ok: false, statusCode: null });
    expect(result.error).toContain('private or loopback');
  });
});
