// Every write of an integration client is in the audit log with the client's name (issue 29): the
// column `actor_client` names it (kept when the client is gone), `data.client_id` identifies it.
// Written inside the write's own transaction, so the record and its audit row commit together.
import type { IntegrationCaller } from '../../caller';
import type { Db, Tx } from '../../db/client';
import { auditLog } from '../../db/audit-log';

export async function recordIntegrationWrite(
  tx: Db | Tx,
  caller: IntegrationCaller,
  action: string,
  entityType: string,
  entityId: string,
  data?: Record<string, unknown>,
): Promise<void> {
  await tx.insert(auditLog).values({ action, actorClient: caller.clientName, entityType, entityId, data: { ...data, client_id: caller.clientId } });
}
