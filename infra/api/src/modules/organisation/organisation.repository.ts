// Data access of the contract page: the caller's organisation (never another: the id comes from the
// access token), its contract, contact people, addresses, discounts and free-shipping threshold.
import { sql } from 'drizzle-orm';
import type { CustomerCaller } from '../../caller';
import { rows, type Db } from '../../db/client';
import { OFFERED_RATES } from '../../common/shipping-rates';

export interface OrganisationRow {
  id: string;
  name: string;
  vat_number: string | null;
  billing_email: string | null;
  website: string | null;
  client_type: 'B2B' | 'B2G';
  organisation_type: 'medical' | 'tactical' | 'medical_and_tactical';
  customer_number: string;
  primary_contact_user_id: string | null;
  sales_consultant_id: string | null;
  case_manager_id: string | null;
}

export interface PersonRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
}

export interface ContractRow {
  number: string;
  name: string;
  status: 'draft' | 'active' | 'expired';
  starts_on: string;
  ends_on: string | null;
  payment_term_days: number;
  conditions: string | null;
}

export interface AddressRow {
  id: string;
  label: string;
  type: 'billing' | 'shipping';
  street: string;
  nr: string;
  box: string | null;
  postal_code: string;
  city: string;
  country: string;
  is_default: boolean;
}

export interface DiscountRow {
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  valid_until: string | null;
}

const dateText = (column: string) => sql.raw(`to_char(${column}, 'YYYY-MM-DD')`);

export function createOrganisationRepository(db: Db) {
  return {
    async organisation(caller: CustomerCaller): Promise<OrganisationRow | null> {
      if (!caller.organisationId) return null;
      const [row] = await rows<OrganisationRow>(
        db,
        sql`select o.id, o.name, o.vat_number, o.billing_email, o.website, o.client_type, o.organisation_type, o.customer_number,
                   o.primary_contact_user_id, o.sales_consultant_id, o.case_manager_id
            from organisations o join memberships m on m.organisation_id = o.id
            where o.id = ${caller.organisationId} and m.user_id = ${caller.userId}`,
      );
      return row ?? null;
    },

    async people(ids: string[]): Promise<Map<string, PersonRow>> {
      if (!ids.length) return new Map();
      const found = await rows<PersonRow>(
        db,
        sql`select id, first_name, last_name, email, phone from users where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
      );
      return new Map(found.map((p) => [p.id, p]));
    },

    /** The active contract (else the newest one). */
    async contract(organisationId: string): Promise<ContractRow | null> {
      const [row] = await rows<ContractRow>(
        db,
        sql`select number, name, status, ${dateText('starts_on')} as starts_on, ${dateText('ends_on')} as ends_on, payment_term_days, conditions
            from contracts where organisation_id = ${organisationId}
            order by (status = 'active') desc, starts_on desc limit 1`,
      );
      return row ?? null;
    },

    async addresses(organisationId: string): Promise<AddressRow[]> {
      return rows<AddressRow>(
        db,
        sql`select id, label, type, street, nr, box, postal_code, city, country, is_default from addresses
            where organisation_id = ${organisationId} order by type, is_default desc, label`,
      );
    },

    /** Codes restricted to this organisation that can still be used. */
    async discounts(organisationId: string): Promise<DiscountRow[]> {
      return rows<DiscountRow>(
        db,
        sql`select code, kind, value, case when valid_until is null then null else to_char(valid_until at time zone 'UTC', 'YYYY-MM-DD') end as valid_until
            from discount_codes
            where organisation_id = ${organisationId} and active and (valid_until is null or valid_until > now())
              and (max_uses is null or used_count < max_uses)
            order by code`,
      );
    },

    /** The lowest "free from" amount of the active shipping methods for a country. */
    async freeShippingFrom(country: string): Promise<number | null> {
      const [row] = await rows<{ free_from: number | null }>(
        db,
        sql`select min(r.free_from_cents)::int as free_from from ${OFFERED_RATES} and r.country = ${country}`,
      );
      return row?.free_from ?? null;
    },
  };
}

export type OrganisationRepository = ReturnType<typeof createOrganisationRepository>;
