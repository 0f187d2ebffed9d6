// The request context every module reads the same way: the content locale (Accept-Language) and
// the shop scope (X-Shop-Type, the caller, and in the portal their active contract). Decorated on
// the request, so a module asks `request.shopScope()` instead of importing another module's helper.
// A signed-in portal request's contract was read with its access check (plugins/caller.ts); only a
// request that names the portal otherwise (the `shop` query parameter) looks it up here.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { CATALOG_ERRORS, SHOP_TYPES, type PublicShop, type ShopType } from '@portal/shared/schemas';
import type { Caller } from '../caller';
import { requireCustomer } from '../common/scope';
import type { Db } from '../db/client';
import { typedRows } from '../db/typed-rows';
import { AppError } from '../errors';
import { activeContractOf } from './access-state';

/** Languages the catalogue content is written in. */
export type ContentLocale = 'en' | 'nl' | 'fr';

/** The contract range of a signed-in buyer, or one public web shop at list prices. */
export type ShopScope =
  | { shop: 'portal'; contractId: string | null; locale: ContentLocale }
  | { shop: PublicShop; contractId: null; locale: ContentLocale };

declare module 'fastify' {
  interface FastifyRequest {
    /** The content language of the request: `nl-BE,nl;q=0.9` → `nl`; anything else `en`. */
    locale: ContentLocale;
    /**
     * The shop scope of the request (400 CATALOG_SHOP_REQUIRED without a valid X-Shop-Type, 401
     * CATALOG_LOGIN_REQUIRED for the portal without a signed-in customer). `shopOverride` is a
     * `shop` query parameter, for plain links that cannot send headers.
     */
    shopScope(shopOverride?: string): Promise<ShopScope>;
  }
}

/** `nl-BE,nl;q=0.9` → `nl`; anything else (including the placeholder `xx`) reads English. */
export function localeFrom(acceptLanguage: string | undefined): ContentLocale {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return first === 'nl' || first === 'fr' ? first : 'en';
}

/** The shop named by `X-Shop-Type` (or a `shop` query parameter for plain links). */
export function shopFrom(value: unknown): ShopType {
  if ((SHOP_TYPES as readonly unknown[]).includes(value)) return value as ShopType;
  throw new AppError(400, CATALOG_ERRORS.SHOP_REQUIRED, 'Send X-Shop-Type: portal, medical or tactical');
}

/** The caller's active contract, if any (the most recent one when several are active). */
async function activeContractId(db: Db, organisationId: string): Promise<string | null> {
  const [row] = await typedRows(db, { id: v.nullable(v.string()) }, sql`select ${activeContractOf(organisationId)} as id`);
  return row?.id ?? null;
}

/**
 * Decides the scope; the contract range needs a signed-in customer. `checkedContractId`: the
 * contract the caller plugin read with the access check (undefined: not read, looked up here).
 */
export async function resolveScope(db: Db, caller: Caller, shop: ShopType, locale: ContentLocale, checkedContractId?: string | null): Promise<ShopScope> {
  if (shop !== 'portal') return { shop, contractId: null, locale };
  const customer = requireCustomer(
    caller,
    { code: CATALOG_ERRORS.CUSTOMERS_ONLY, message: 'The contract range is for customer accounts' },
    { code: CATALOG_ERRORS.LOGIN_REQUIRED, message: 'Sign in to see your contract range' },
  );
  if (!customer.organisationId) return { shop, contractId: null, locale };
  return { shop, contractId: checkedContractId !== undefined ? checkedContractId : await activeContractId(db, customer.organisationId), locale };
}

/** Registers the decorators; runs after the caller plugin (the scope depends on `request.caller`). */
export function registerRequestContext(app: FastifyInstance, db: Db) {
  app.decorateRequest('locale', 'en');
  app.decorateRequest('shopScope', async function () {
    throw new Error('request context is not registered');
  });
  app.addHook('onRequest', async (request) => {
    request.locale = localeFrom(request.headers['accept-language']);
    // Resolved once per request: a handler and its helpers may ask more than once.
    let scope: Promise<ShopScope> | undefined;
    request.shopScope = (shopOverride?: string) => {
      if (shopOverride !== undefined) return resolveScope(db, request.caller, shopFrom(shopOverride), request.locale, request.checkedContractId);
      scope ??= resolveScope(db, request.caller, shopFrom(request.headers['x-shop-type']), request.locale, request.checkedContractId);
      return scope;
    };
  });
}
