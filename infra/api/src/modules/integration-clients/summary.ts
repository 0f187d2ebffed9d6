// A client as the staff page, the staff API and the ops CLI's --json show it: no secret, no hash.
import type { IntegrationClientSummary } from '@portal/shared/schemas';
import type { IntegrationClient } from './integration-clients.repository';

export const summaryOf = (c: IntegrationClient): IntegrationClientSummary => ({
  id: c.id,
  name: c.name,
  scopes: c.scopes,
  created_at: c.createdAt.toISOString(),
  last_rotated_at: c.lastRotatedAt?.toISOString() ?? null,
  revoked_at: c.revokedAt?.toISOString() ?? null,
});
