// Issue 44: a client revoked by the staff on one instance is refused at once on every other (the
// portal runs several behind nginx on PostgreSQL). Each instance keeps the access check's answer a
// few seconds (decision 091); the revocation's notification drops it on every instance, so the other
// instance refuses the client on its very next request once it has heard it (`settled`, a state).
// Two instances on one database; PostgreSQL pass only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_ERRORS, type IntegrationClientSecret } from '@portal/shared/schemas';
import { accessToken } from '../../test-support/demo-buyers';
import { clientToken } from '../../test-support/integration-clients';
import { SALES_CONSULTANT } from '../../test-support/orders';
import { startTwinApps, type TwinApps } from '../../test-support/twin-apps';

let twins: TwinApps;
beforeAll(async () => {
  twins = await startTwinApps();
}, 240_000);
afterAll(async () => twins?.close());

describe('a client created and revoked on one instance', () => {
  it('works on the other instance, then is refused there on its very next request after the revocation', async () => {
    const manager = { authorization: `Bearer ${await accessToken(twins.a, SALES_CONSULTANT)}` };
    const res = await twins.a.inject({ method: 'POST', url: '/api/v1/staff/integration/clients', headers: manager, payload: { name: 'Twin ERP', scopes: ['orders:read'] } });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as IntegrationClientSecret;
    // The token is got from and used on the other instance.
    const token = await clientToken(twins.b, created.client.id, created.client_secret);
    const onB = () => twins.b.inject({ url: '/api/integration/v1/client', headers: { authorization: `Bearer ${token}` } });
    expect((await onB()).statusCode).toBe(200);

    expect((await twins.a.inject({ method: 'POST', url: `/api/v1/staff/integration/clients/${created.client.id}/revoke`, headers: manager })).statusCode).toBe(200);
    await twins.b.accessCache.settled();
    const refused = await onB();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe(INTEGRATION_ERRORS.CLIENT_REVOKED);
  });
});
