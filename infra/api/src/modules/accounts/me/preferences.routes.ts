// The signed-in user's own display preferences (prices with or without VAT). Each query is keyed
// by the caller's user id from the access token, never by an id in the request, so one user can
// neither read nor change another's.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { UserPreferencesInputSchema, UserPreferencesSchema, type UserPreferences } from '@portal/shared/schemas';
import { requireSignedIn } from '../../../caller';
import type { Db } from '../../../db/client';
import { users } from '../tables';
import { defineRoute, type RouteRegistry } from '../../../http/route';

const unauthorised = { 401: { description: 'Not signed in (UNAUTHORIZED)' } };

const columns = { pricesInclVat: users.pricesInclVat };
const toPreferences = (row: { pricesInclVat: boolean } | undefined): UserPreferences => ({ prices_incl_vat: row?.pricesInclVat ?? false });

export function registerPreferenceRoutes(app: FastifyInstance, registry: RouteRegistry, db: Db) {
  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/me/preferences',
    operationId: 'getPreferences',
    summary: "The signed-in user's display preferences",
    tags: ['auth'],
    auth: 'bearer',
    responses: { 200: { description: 'The preferences', schema: UserPreferencesSchema }, ...unauthorised },
    handler: async ({ reply, caller }) => {
      requireSignedIn(caller);
      reply.header('cache-control', 'private, no-store');
      const [row] = await db.select(columns).from(users).where(eq(users.id, caller.userId));
      return toPreferences(row);
    },
  });

  defineRoute(app, registry, {
    method: 'PUT',
    url: '/v1/me/preferences',
    operationId: 'updatePreferences',
    summary: "Replace the signed-in user's display preferences",
    tags: ['auth'],
    auth: 'bearer',
    body: UserPreferencesInputSchema,
    responses: { 200: { description: 'The preferences after the change', schema: UserPreferencesSchema }, 400: { description: 'VALIDATION_FAILED' }, ...unauthorised },
    handler: async ({ body, caller }) => {
      requireSignedIn(caller);
      // One statement: the row as written is the answer, no second read.
      const [row] = await db
        .update(users)
        .set({ pricesInclVat: body.prices_incl_vat, updatedAt: new Date() })
        .where(eq(users.id, caller.userId))
        .returning(columns);
      return toPreferences(row);
    },
  });
}
