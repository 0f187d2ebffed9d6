// The integration clients and their secrets (tables of this module, decision 039). Secrets are
// stored as SHA-256 of 256 random bits and compared in constant time; the clear secret exists only
// in the answer to its creation or rotation (decision 045).
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { IntegrationScope } from '@portal/shared/schemas';
import type { SystemCaller } from '../../caller';
import type { Db, Tx } from '../../db/client';
import { auditLog } from '../../db/audit-log';
import { integrationClients, integrationClientSecrets } from './tables';
import { hashToken, safeEqual } from '../../common/crypto';
import { isUniqueViolation } from '../../db/pg-errors';

/** A client as the token endpoint and the ops CLI see it. */
export interface IntegrationClient {
  id: string;
  name: string;
  scopes: IntegrationScope[];
  createdAt: Date;
  /** When its newest secret was issued (creation or last rotation). */
  lastRotatedAt: Date | null;
  revokedAt: Date | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Compared with when the client is unknown, so an unknown id costs what a wrong secret costs. */
const NO_HASH = hashToken(randomBytes(32).toString('base64url'));

/** A new client secret: 256 random bits, base64url (43 characters). */
export const newClientSecret = (): string => randomBytes(32).toString('base64url');

/**
 * Who made a change, for its audit row (issue 44): a member of the staff in the portal (their user
 * id, the request's address and id) or the operator's ops command (no user). Written in the
 * change's own transaction, so the change and its audit row commit together.
 */
export interface ClientChangeActor {
  userId: string | null;
  via: 'portal' | 'ops';
  ip?: string;
  requestId?: string;
}

async function audit(tx: Db | Tx, actor: ClientChangeActor | undefined, action: 'created' | 'rotated' | 'revoked', client: { id: string; name: string }, data: Record<string, unknown> = {}) {
  if (!actor) return;
  await tx.insert(auditLog).values({
    action: `integration_clients.${action}`,
    actorUserId: actor.userId,
    entityType: 'integration_client',
    entityId: client.id,
    data: { ...data, name: client.name, via: actor.via },
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
  });
}

export class ClientNameTakenError extends Error {
  override name = 'ClientNameTakenError';
}

// Written out: inside a select, Drizzle names a column without its table, which here would be the secret's own id.
const lastRotation = sql<Date | null>`(select max(s.created_at) from integration_client_secrets s where s.client_id = integration_clients.id)`.mapWith(
  integrationClientSecrets.createdAt,
);

const summary = {
  id: integrationClients.id,
  name: integrationClients.name,
  scopes: integrationClients.scopes,
  createdAt: integrationClients.createdAt,
  lastRotatedAt: lastRotation,
  revokedAt: integrationClients.revokedAt,
};

/**
 * Only the system (the ops CLI, the start-up, the token endpoint before a client is known) manages
 * clients; the staff page reads the list through the service.
 */
export function createIntegrationClientsRepository(db: Db) {
  return {
    /** A new client with its first secret. Throws ClientNameTakenError for a name in use. */
    async create(
      _caller: SystemCaller,
      input: { name: string; scopes: readonly IntegrationScope[]; secret?: string },
      actor?: ClientChangeActor,
    ): Promise<{ client: IntegrationClient; secret: string }> {
      const secret = input.secret ?? newClientSecret();
      try {
        return await db.transaction(async (tx) => {
          const [row] = await tx.insert(integrationClients).values({ name: input.name, scopes: [...new Set(input.scopes)] }).returning();
          const [first] = await tx.insert(integrationClientSecrets).values({ clientId: row!.id, secretHash: hashToken(secret) }).returning();
          await audit(tx, actor, 'created', row!, { scopes: row!.scopes });
          return { client: { ...row!, lastRotatedAt: first!.createdAt }, secret };
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ClientNameTakenError(`An integration client named "${input.name}" exists`);
        throw err;
      }
    },

    async list(_caller: SystemCaller): Promise<IntegrationClient[]> {
      return db.select(summary).from(integrationClients).orderBy(asc(integrationClients.name));
    },

    /** A client by id or name (the ops CLI takes either); null when there is none. */
    async find(_caller: SystemCaller, idOrName: string): Promise<IntegrationClient | null> {
      const where = UUID.test(idOrName) ? or(eq(integrationClients.id, idOrName), eq(integrationClients.name, idOrName)) : eq(integrationClients.name, idOrName);
      const [row] = await db.select(summary).from(integrationClients).where(where);
      return row ?? null;
    },

    /**
     * The client whose id and secret these are, if it is not revoked and the secret has not expired;
     * null otherwise. Every candidate hash is compared, in constant time each.
     */
    async authenticate(_caller: SystemCaller, clientId: string, secret: string): Promise<IntegrationClient | null> {
      const rows = UUID.test(clientId)
        ? await db
            .select({ ...summary, secretHash: integrationClientSecrets.secretHash })
            .from(integrationClients)
            .innerJoin(integrationClientSecrets, eq(integrationClientSecrets.clientId, integrationClients.id))
            .where(
              and(
                eq(integrationClients.id, clientId),
                isNull(integrationClients.revokedAt),
                or(isNull(integrationClientSecrets.expiresAt), gt(integrationClientSecrets.expiresAt, sql`now()`)),
              ),
            )
        : [];
      const presented = hashToken(secret);
      let match: (typeof rows)[number] | null = null;
      for (const row of rows.length ? rows : [{ secretHash: NO_HASH }]) {
        if (safeEqual(presented, row.secretHash) && 'id' in row) match = row;
      }
      if (!match) return null;
      const { secretHash: _hash, ...client } = match;
      return client;
    },

    /**
     * A new secret; the secrets valid until now stay valid until `oldValidUntil` (the overlap in
     * which the client's configuration is changed), or end now when it is not in the future.
     * Null when there is no such client or it is revoked.
     */
    async rotate(_caller: SystemCaller, clientId: string, oldValidUntil: Date, secret = newClientSecret(), actor?: ClientChangeActor): Promise<{ secret: string; oldValidUntil: Date } | null> {
      return db.transaction(async (tx) => {
        const [client] = await tx
          .select({ id: integrationClients.id, name: integrationClients.name })
          .from(integrationClients)
          .where(and(eq(integrationClients.id, clientId), isNull(integrationClients.revokedAt)))
          .for('update');
        if (!client) return null;
        // Expired secrets can never be used again: gone, so a secret given back (the demo client's) fits the unique hash.
        await tx.delete(integrationClientSecrets).where(and(eq(integrationClientSecrets.clientId, clientId), lte(integrationClientSecrets.expiresAt, sql`now()`)));
        const until = oldValidUntil.getTime() > Date.now() ? oldValidUntil : new Date();
        // An old secret's overlap is only ever shortened: a second rotation does not prolong the first one's.
        await tx
          .update(integrationClientSecrets)
          .set({ expiresAt: until })
          .where(and(eq(integrationClientSecrets.clientId, clientId), or(isNull(integrationClientSecrets.expiresAt), gt(integrationClientSecrets.expiresAt, until))));
        await tx.insert(integrationClientSecrets).values({ clientId, secretHash: hashToken(secret) });
        await audit(tx, actor, 'rotated', client, { old_secrets_valid_until: until.toISOString() });
        return { secret, oldValidUntil: until };
      });
    },

    /** Replaces the client's scopes (the demo client keeps every scope as the list grows). */
    async setScopes(_caller: SystemCaller, clientId: string, scopes: readonly IntegrationScope[]): Promise<void> {
      await db.update(integrationClients).set({ scopes: [...new Set(scopes)] }).where(eq(integrationClients.id, clientId));
    },

    /** Revokes the client: its tokens stop working at once. False when there is none (or it was revoked already). */
    async revoke(_caller: SystemCaller, clientId: string, actor?: ClientChangeActor): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(integrationClients)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(integrationClients.id, clientId), isNull(integrationClients.revokedAt)))
          .returning({ id: integrationClients.id, name: integrationClients.name });
        if (row) await audit(tx, actor, 'revoked', row);
        return !!row;
      });
    },
  };
}

export type IntegrationClientsRepository = ReturnType<typeof createIntegrationClientsRepository>;
