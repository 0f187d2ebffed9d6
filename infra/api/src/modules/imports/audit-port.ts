// Every write of an integration client goes to the audit log with the client's name (issue 29): the
// integration clients module writes that row (modules/integration-clients/audit.ts), handed to this
// module by app.ts (modules never import each other, decision 015).
import type { IntegrationCaller } from '../../caller';
import type { Db, Tx } from '../../db/client';

export type RecordIntegrationWrite = (tx: Db | Tx, caller: IntegrationCaller, action: string, entityType: string, entityId: string, data?: Record<string, unknown>) => Promise<void>;
