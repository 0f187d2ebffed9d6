// Access policy of the events' routes (decision 051): the feed and the webhooks need a client with
// events:read; the deliveries' staff view and replay are for the supplier's staff. The ids the
// matrix sends are unknown ones: a client sees only its own webhooks and deliveries (404 otherwise),
// a person never reaches them (403).
import { integration, staffOnly, type AccessTable } from '../access-policy';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const notAClient = { request: () => ({ url: `/api/integration/v1/webhooks/${UNKNOWN}` }), expect: 403 };

export const integrationEventsAccess: AccessTable = {
  'GET /api/integration/v1/events': { request: () => ({ url: '/api/integration/v1/events?limit=5' }), expect: integration(200), forged: 401 },
  'POST /api/integration/v1/webhooks': {
    request: () => ({ payload: { url: 'https://erp.example.com/portal-events', event_types: ['order.placed'] } }),
    expect: integration(201),
    forged: 401,
  },
  'GET /api/integration/v1/webhooks': { expect: integration(200), forged: 401 },
  'DELETE /api/integration/v1/webhooks/:id': {
    request: () => ({ url: `/api/integration/v1/webhooks/${UNKNOWN}` }),
    expect: integration(404),
    forged: 401,
    foreign: notAClient,
  },
  'GET /api/integration/v1/webhooks/deliveries': { expect: integration(200), forged: 401 },
  'POST /api/integration/v1/webhooks/deliveries/:id/replay': {
    request: () => ({ url: `/api/integration/v1/webhooks/deliveries/${UNKNOWN}/replay` }),
    expect: integration(404),
    forged: 401,
    foreign: { request: () => ({ url: `/api/integration/v1/webhooks/deliveries/${UNKNOWN}/replay` }), expect: 403 },
  },
  'GET /api/v1/staff/integration/deliveries': { expect: staffOnly(200), forged: 401 },
  'POST /api/v1/staff/integration/deliveries/:id/replay': {
    request: () => ({ url: `/api/v1/staff/integration/deliveries/${UNKNOWN}/replay` }),
    expect: staffOnly(404),
    forged: 401,
    foreign: { request: () => ({ url: `/api/v1/staff/integration/deliveries/${UNKNOWN}/replay` }), expect: 403 },
  },
};
