// Data access of the contract page: the caller's organisation (never another: the id comes from the
// access token), its contract, contact people, addresses, discounts and free-shipping threshold.
import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { CustomerCaller } from '../../../caller';
import { addressBookScope } from '../../../common/scope';
import * as v from 'valibot';
import type { Db } from '../../../db/client';
import { OFFERED_RATES } from '../../../common/shipping-rates';
import { rowShape, typedRows, type RowOf } from '../../../db/typed-rows';
import { addresses, contracts, memberships, organisations, users } from '../tables';
import { discountCodes } from '../links';

/** Name and conditions are the reader's translation where the contract has one (decision 043). */
const contractRow = rowShape({
  number: contracts.number,
  name: v.string(),
  status: contracts.status,
  starts_on: contracts.startsOn,
  ends_on: contracts.endsOn,
  payment_term_days: contracts.paymentTermDays,
  conditions: v.nullable(v.string()),
});
export type ContractRow = RowOf<typeof contractRow>;
/** The lowest offered rate's threshold (null: no method offers free shipping there). */
const freeFromRow = rowShape({ free_from: v.nullable(v.number()) });

const organisationRow = {
  id: organisations.id,
  name: organisations.name,
  vat_number: organisations.vatNumber,
  billing_email: organisations.billingEmail,
  website: organisations.website,
  client_type: organisations.clientType,
  organisation_type: organisations.organisationType,
  customer_number: organisations.customerNumber,
  primary_contact_user_id: organisations.primaryContactUserId,
  sales_consultant_id: organisations.salesConsultantId,
  case_manager_id: organisations.caseManagerId,
};
const personRow = rowShape({ id: users.id, first_name: users.firstName, last_name: users.lastName, email: users.email, phone: users.phone });
export type PersonRow = RowOf<typeof personRow>;

const dateText = (column: string) => sql.raw(`to_char(${column}, 'YYYY-MM-DD')`);

export function createOrganisationRepository(db: Db) {
  return {
    async organisation(caller: CustomerCaller) {
      if (!caller.organisationId) return null;
      const [row] = await db
        .select(organisationRow)
        .from(organisations)
        .innerJoin(memberships, eq(memberships.organisationId, organisations.id))
        .where(and(eq(organisations.id, caller.organisationId), eq(memberships.userId, caller.userId)));
      return row ?? null;
    },

    async people(ids: string[]): Promise<Map<string, PersonRow>> {
      if (!ids.length) return new Map();
      const found = await db.select(personRow).from(users).where(inArray(users.id, ids));
      return new Map(found.map((p) => [p.id, p]));
    },

    /** The active contract (else the newest one), its name and conditions in `locale` where it has them. */
    async contract(organisationId: string, locale: string): Promise<ContractRow | null> {
      const [row] = await typedRows(
        db,
        contractRow,
        sql`select number, coalesce(name_translations ->> ${locale}, name) as name, status, ${dateText('starts_on')} as starts_on, ${dateText('ends_on')} as ends_on,
                   payment_term_days, coalesce(conditions_translations ->> ${locale}, conditions) as conditions
            from contracts where organisation_id = ${organisationId}
            order by (status = 'active') desc, starts_on desc limit 1`,
      );
      return row ?? null;
    },

    /** The organisation's address book (the caller's: their organisation was checked by `organisation`). */
    async addresses(caller: CustomerCaller) {
      return db
        .select({
          id: addresses.id,
          label: addresses.label,
          type: addresses.type,
          street: addresses.street,
          nr: addresses.nr,
          box: addresses.box,
          postal_code: addresses.postalCode,
          city: addresses.city,
          country: addresses.country,
          is_default: addresses.isDefault,
        })
        .from(addresses)
        .where(addressBookScope(caller, { organisation: addresses.organisationId, user: addresses.userId }))
        .orderBy(asc(addresses.type), desc(addresses.isDefault), asc(addresses.label));
    },

    /** Codes restricted to this organisation that can still be used. */
    async discounts(organisationId: string) {
      const found = await db
        .select({ code: discountCodes.code, kind: discountCodes.kind, value: discountCodes.value, validUntil: discountCodes.validUntil })
        .from(discountCodes)
        .where(
          and(
            eq(discountCodes.organisationId, organisationId),
            eq(discountCodes.active, true),
            or(isNull(discountCodes.validUntil), gt(discountCodes.validUntil, sql`now()`)),
            or(isNull(discountCodes.maxUses), lt(discountCodes.usedCount, discountCodes.maxUses)),
          ),
        )
        .orderBy(asc(discountCodes.code));
      // The last valid day as the UTC calendar date (YYYY-MM-DD).
      return found.map(({ validUntil, ...d }) => ({ ...d, valid_until: validUntil ? validUntil.toISOString().slice(0, 10) : null }));
    },

    /** The lowest "free from" amount of the active shipping methods for a country. */
    async freeShippingFrom(country: string): Promise<number | null> {
      const [row] = await typedRows(
        db,
        freeFromRow,
        sql`select min(r.free_from_cents)::int as free_from from ${OFFERED_RATES} and r.country = ${country}`,
      );
      return row?.free_from ?? null;
    },
  };
}

export type OrganisationRepository = ReturnType<typeof createOrganisationRepository>;
