// Quotation rows, scoped like orders: the caller's organisation (customers) or the assigned
// organisations (staff). Each change is written with its history row in one transaction, and only
// if the quotation is still in the status the service checked (compare-and-set).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { QuotationStatus } from '@portal/shared/schemas';
import type { CustomerCaller, StaffCaller } from '../../caller';
import type { CartPort } from '../../common/ports';
import { quotationScope } from '../../common/scope';
import { rows, type Db, type Tx } from '../../db/client';
import { quotations } from '../../db/schema/index';

export type QuotationCaller = CustomerCaller | StaffCaller;

export interface QuotationRow {
  id: string;
  number: string;
  title: string | null;
  status: QuotationStatus;
  organisation_id: string;
  organisation_name: string;
  created_at: Date | string;
  sent_at: Date | string | null;
  valid_until: string | null;
  order_id: string | null;
}

export interface QuotationLineRow {
  product_id: string;
  quantity: number;
  unit_price_cents: number | null;
  name: string;
  article_code: string;
}

const COLUMNS = sql`quotations.id, quotations.number, quotations.title, quotations.status, quotations.organisation_id, org.name as organisation_name,
  quotations.created_at, quotations.sent_at, quotations.valid_until::text as valid_until, quotations.order_id`;

async function history(tx: Tx | Db, id: string, event: string, by: string | null, note: string | null = null) {
  await tx.execute(sql`insert into quotation_history (quotation_id, event, by_user_id, note) values (${id}, ${event}, ${by}, ${note})`);
}

/** `ports.cart`: the cart's lines for a quotation made from it, read through the cart's port (decision 039). */
export function createQuotationsRepository(db: Db, ports: { cart: Pick<CartPort, 'lines'> }) {
  return {
    list: (caller: QuotationCaller) =>
      rows<QuotationRow>(
        db,
        sql`select ${COLUMNS} from quotations join organisations org on org.id = quotations.organisation_id
            where ${quotationScope(caller, quotations.organisationId)} order by quotations.created_at desc, quotations.id desc limit 500`,
      ),

    async find(caller: QuotationCaller, id: string): Promise<QuotationRow | null> {
      const [row] = await rows<QuotationRow>(
        db,
        sql`select ${COLUMNS} from quotations join organisations org on org.id = quotations.organisation_id
            where quotations.id = ${id} and ${quotationScope(caller, quotations.organisationId)}`,
      );
      return row ?? null;
    },

    lines: (id: string, locale: string) =>
      rows<QuotationLineRow>(
        db,
        sql`select l.product_id, l.quantity, l.unit_price_cents, p.article_code,
              coalesce((select name from product_translations t where t.product_id = p.id and t.locale = ${locale}),
                       (select name from product_translations t where t.product_id = p.id and t.locale = 'en'), p.article_code) as name
            from quotation_lines l join products p on p.id = l.product_id where l.quotation_id = ${id} order by p.article_code`,
      ),

    history: (id: string) =>
      rows<{ event: string; at: Date | string; by: string | null; note: string | null }>(
        db,
        sql`select h.event, h.at, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as by, h.note
            from quotation_history h left join users u on u.id = h.by_user_id where h.quotation_id = ${id} order by h.at, h.id`,
      ),

    /** Of these product ids, the ones the organisation may quote: public ones and its contract's. */
    async quotable(organisationId: string, ids: string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const found = await rows<{ id: string }>(
        db,
        sql`select p.id from products p where p.id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) and p.active
              and (not p.contract_only or exists (select 1 from contract_prices cp join contracts c on c.id = cp.contract_id
                                                  where c.organisation_id = ${organisationId} and cp.product_id = p.id))`,
      );
      return new Set(found.map((f) => f.id));
    },

    cartLines: (caller: CustomerCaller) => ports.cart.lines(db, caller),

    async create(caller: CustomerCaller, title: string | null, lines: { product_id: string; quantity: number }[]): Promise<string> {
      return db.transaction(async (tx) => {
        // Time, then 6 random hex digits: with 3 random digits two creates in the same millisecond
        // collided on quotations_number_uq once in 900 (a 500 the robustness suite's concurrent
        // workers can hit); now once in 16.7 million.
        const number = `QT-${new Date().getUTCFullYear()}-${Date.now().toString(36).toUpperCase().slice(-5)}${randomBytes(3).toString('hex').toUpperCase()}`;
        const [row] = await rows<{ id: string }>(
          tx,
          sql`insert into quotations (number, organisation_id, user_id, title) values (${number}, ${caller.organisationId}, ${caller.userId}, ${title}) returning id`,
        );
        for (const l of lines) await tx.execute(sql`insert into quotation_lines (quotation_id, product_id, quantity) values (${row!.id}, ${l.product_id}, ${l.quantity})`);
        await history(tx, row!.id, 'created', caller.userId);
        return row!.id;
      });
    },

    /** Replaces title and lines of a draft; false when it is no longer a draft. */
    async update(caller: CustomerCaller, id: string, title: string | null, lines: { product_id: string; quantity: number }[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const ok = await rows(tx, sql`update quotations set title = ${title}, updated_at = now() where id = ${id} and status = 'draft' returning id`);
        if (!ok.length) return false;
        await tx.execute(sql`delete from quotation_lines where quotation_id = ${id}`);
        for (const l of lines) await tx.execute(sql`insert into quotation_lines (quotation_id, product_id, quantity) values (${id}, ${l.product_id}, ${l.quantity})`);
        await history(tx, id, 'edited', caller.userId);
        return true;
      });
    },

    /** Moves `from` → `to` with its history row; `set` names the extra columns of the step. */
    async step(by: QuotationCaller | null, id: string, from: QuotationStatus, to: QuotationStatus, event: string, extra: { validUntil?: string; prices?: Map<string, number>; note?: string | null } = {}): Promise<boolean> {
      return db.transaction(async (tx) => {
        const ok = await rows(
          tx,
          sql`update quotations set status = ${to}, updated_at = now(),
                sent_at = case when ${to} = 'sent' then now() else sent_at end,
                answered_at = case when ${to} = 'answered' then now() else answered_at end,
                accepted_at = case when ${to} = 'accepted' then now() else accepted_at end,
                valid_until = coalesce(${extra.validUntil ?? null}::date, valid_until)
              where id = ${id} and status = ${from} returning id`,
        );
        if (!ok.length) return false;
        for (const [productId, cents] of extra.prices ?? []) {
          await tx.execute(sql`update quotation_lines set unit_price_cents = ${cents} where quotation_id = ${id} and product_id = ${productId}`);
        }
        await history(tx, id, event, by ? by.userId : null, extra.note ?? null);
        return true;
      });
    },

    async remove(id: string): Promise<boolean> {
      const gone = await rows(db, sql`delete from quotations where id = ${id} and order_id is null and status <> 'accepted' returning id`);
      return gone.length > 0;
    },

    /** The scheduled job: answered quotations past their date expire (each with its history row). */
    async expire(today: string): Promise<number> {
      return db.transaction(async (tx) => {
        const expired = await rows<{ id: string }>(
          tx,
          sql`update quotations set status = 'expired', updated_at = now() where status = 'answered' and valid_until < ${today}::date returning id`,
        );
        for (const q of expired) await history(tx, q.id, 'expired', null);
        return expired.length;
      });
    },
  };
}
export type QuotationsRepository = ReturnType<typeof createQuotationsRepository>;
