// A client's webhooks and their deliveries (decision 051). Who sees which is common/scope's
// integrationClientScope: a client its own, the supplier's staff all. Every write of a client is
// in the audit log with its name, in the write's own transaction.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Webhook, WebhookCreate, WebhookDelivery, WebhookDeliveryStatus } from '@portal/shared/schemas';
import type { Caller, IntegrationCaller, StaffCaller } from '../../caller';
import { integrationClientScope } from '../../common/scope';
import type { Db, Tx } from '../../db/client';
import { auditLog } from '../../db/audit-log';
import { integrationWebhookDeliveries as d, integrationWebhooks } from './tables';
import { nullable, rowShape, typedRows } from '../../db/typed-rows';

/** A Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

async function audit(tx: Db | Tx, caller: IntegrationCaller | StaffCaller, action: string, entityType: string, entityId: string, data: Record<string, unknown> = {}) {
  if (caller.kind === 'integration') {
    await tx.insert(auditLog).values({ action, actorClient: caller.clientName, entityType, entityId, data: { ...data, client_id: caller.clientId } });
  } else {
    await tx.insert(auditLog).values({ action, actorUserId: caller.userId, entityType, entityId, data });
  }
}

const webhookOut = (w: { id: string; url: string; eventTypes: string[]; createdAt: Date }): Webhook => ({
  id: w.id,
  url: w.url,
  event_types: w.eventTypes,
  created_at: w.createdAt.toISOString(),
});

const deliveryRow = rowShape({
  id: d.id,
  webhook_id: d.webhookId,
  client_name: v.string(),
  url: integrationWebhooks.url,
  event_id: v.string(),
  event_type: v.string(),
  status: d.status,
  attempts: d.attempts,
  next_attempt_at: d.nextAttemptAt,
  last_attempt_at: d.lastAttemptAt,
  last_status_code: d.lastStatusCode,
  last_error: d.lastError,
  delivered_at: nullable(d.deliveredAt),
});

export function createWebhooksRepository(db: Db) {
  return {
    async create(caller: IntegrationCaller, input: WebhookCreate): Promise<Webhook & { secret: string }> {
      const secret = newSigningSecret();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(integrationWebhooks)
          .values({ clientId: caller.clientId, url: input.url, eventTypes: [...new Set(input.event_types)], secret })
          .returning();
        await audit(tx, caller, 'webhook.created', 'integration_webhook', row!.id, { url: input.url, event_types: row!.eventTypes });
        return { ...webhookOut(row!), secret };
      });
    },

    async list(caller: IntegrationCaller): Promise<Webhook[]> {
      const rows = await db
        .select()
        .from(integrationWebhooks)
        .where(and(isNull(integrationWebhooks.deletedAt), integrationClientScope(caller, integrationWebhooks.clientId)))
        .orderBy(integrationWebhooks.createdAt);
      return rows.map(webhookOut);
    },

    /** false: no such webhook of the caller's. */
    async remove(caller: IntegrationCaller, id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const gone = await tx
          .update(integrationWebhooks)
          .set({ deletedAt: sql`now()` })
          .where(and(eq(integrationWebhooks.id, id), isNull(integrationWebhooks.deletedAt), integrationClientScope(caller, integrationWebhooks.clientId)))
          .returning({ id: integrationWebhooks.id });
        if (!gone.length) return false;
        await audit(tx, caller, 'webhook.deleted', 'integration_webhook', id);
        return true;
      });
    },

    /** The deliveries the caller may see, newest first (the staff page, a client's replay). */
    async deliveries(caller: Caller, filter: { status?: WebhookDeliveryStatus; limit: number }): Promise<WebhookDelivery[]> {
      const status = filter.status ? sql`and d.status = ${filter.status}` : sql``;
      // Hand-written: the deliveries with their webhook's URL, its client's name and the event's type.
      const rows = await typedRows(
        db,
        deliveryRow,
        sql`select d.id, d.webhook_id, c.name as client_name, w.url, e.id::text as event_id, e.type as event_type, d.status, d.attempts,
                   d.next_attempt_at, d.last_attempt_at, d.last_status_code, d.last_error, d.delivered_at
            from integration_webhook_deliveries d
            join integration_webhooks w on w.id = d.webhook_id
            join integration_clients c on c.id = w.client_id
            join integration_events e on e.position = d.event_position
            where ${integrationClientScope(caller, sql`w.client_id`)} ${status}
            order by d.created_at desc, d.event_position desc
            limit ${filter.limit}`,
      );
      return rows.map((r) => ({
        ...r,
        status: r.status as WebhookDeliveryStatus,
        next_attempt_at: r.status === 'pending' ? r.next_attempt_at.toISOString() : null,
        last_attempt_at: r.last_attempt_at?.toISOString() ?? null,
        delivered_at: r.delivered_at?.toISOString() ?? null,
      }));
    },

    /**
     * Sends a delivery again: a dead one (after its last try) or a delivered one (the receiver lost
     * it) goes back to pending with a fresh count of tries, due now. 'pending': it is still being
     * tried; null: no such delivery the caller may see.
     */
    async replay(caller: IntegrationCaller | StaffCaller, id: string): Promise<'replayed' | 'pending' | null> {
      return db.transaction(async (tx) => {
        const [row] = await typedRows(
          tx,
          rowShape({ status: d.status }),
          sql`select d.status from integration_webhook_deliveries d join integration_webhooks w on w.id = d.webhook_id
              where d.id = ${id} and w.deleted_at is null and ${integrationClientScope(caller, sql`w.client_id`)}
              for update of d`,
        );
        if (!row) return null;
        if (row.status === 'pending') return 'pending';
        await tx
          .update(d)
          .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, deliveredAt: null })
          .where(eq(d.id, id));
        await audit(tx, caller, 'webhook.delivery_replayed', 'integration_webhook_delivery', id, { previous_status: row.status });
        return 'replayed';
      });
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
