// Quotation rows, scoped like orders: the caller's organisation (customers) or the assigned
// organisations (staff). Each change is written with its history row in one transaction, and only
// if the quotation is still in the status the service checked (compare-and-set).
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { QuotationStatus } from '@portal/shared/schemas';
import type { CustomerCaller, StaffCaller } from '../../caller';
import type { CartPort } from '../cart/contract';
import { quotationScope } from '../../common/scope';
import type { Db, Tx } from '../../db/client';
import { products } from './links';
import { organisations } from './links';
import type { EventsPort } from '../integration-events/contract';
import { writeQuotationHistory, type QuotationStep } from './quotation-events';
import { quotationHistory, quotationLines, quotations } from './tables';
import { rowShape, typedRows, type RowOf } from '../../db/typed-rows';

export type QuotationCaller = CustomerCaller | StaffCaller;

/** A quotation with its organisation's name, as every read answers it. */
const quotationRow = rowShape({
  id: quotations.id,
  number: quotations.number,
  title: quotations.title,
  status: quotations.status,
  organisation_id: quotations.organisationId,
  organisation_name: organisations.name,
  created_at: quotations.createdAt,
  sent_at: quotations.sentAt,
  valid_until: quotations.validUntil,
  order_id: quotations.orderId,
});
export type QuotationRow = RowOf<typeof quotationRow>;

/** A line named in the locale (English, else the article code, when it has no name there). */
const lineRow = rowShape({
  product_id: quotationLines.productId,
  quantity: quotationLines.quantity,
  unit_price_cents: quotationLines.unitPriceCents,
  article_code: products.articleCode,
  name: v.string(),
});
export type QuotationLineRow = RowOf<typeof lineRow>;

/** A step of the history with who took it (null: the system, or a user since removed). */
const historyRow = rowShape({ event: quotationHistory.event, at: quotationHistory.at, by: v.nullable(v.string()), note: quotationHistory.note });
const quotableRow = rowShape({ id: products.id });


/** Writes a quotation's lines, one statement each (as before). */
async function insertLines(tx: Tx, id: string, lines: { product_id: string; quantity: number }[]) {
  for (const l of lines) await tx.insert(quotationLines).values({ quotationId: id, productId: l.product_id, quantity: l.quantity });
}

/** `ports.cart`: the cart's lines for a quotation made from it, read through the cart's port (decision 039). */
/** `ports.events`: the outbox each step's event is recorded in (decision 066). */
export function createQuotationsRepository(db: Db, ports: { cart: Pick<CartPort, 'lines'>; events: EventsPort }) {
  const history = (tx: Tx, id: string, event: QuotationStep, by: string | null, note: string | null = null) => writeQuotationHistory(tx, ports.events, id, event, by, note);
  const selectQuotations = () => db.select(quotationRow).from(quotations).innerJoin(organisations, eq(organisations.id, quotations.organisationId));
  return {
    list: (caller: QuotationCaller) => selectQuotations().where(quotationScope(caller, quotations.organisationId)).orderBy(desc(quotations.createdAt), desc(quotations.id)).limit(500),

    async find(caller: QuotationCaller, id: string): Promise<QuotationRow | null> {
      const [row] = await selectQuotations().where(and(eq(quotations.id, id), quotationScope(caller, quotations.organisationId)));
      return row ?? null;
    },

    lines: (id: string, locale: string) =>
      typedRows(
        db,
        lineRow,
        sql`select l.product_id, l.quantity, l.unit_price_cents, p.article_code,
              coalesce((select name from product_translations t where t.product_id = p.id and t.locale = ${locale}),
                       (select name from product_translations t where t.product_id = p.id and t.locale = 'en'), p.article_code) as name
            from quotation_lines l join products p on p.id = l.product_id where l.quotation_id = ${id} order by p.article_code`,
      ),

    history: (id: string) =>
      typedRows(
        db,
        historyRow,
        sql`select h.event, h.at, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as by, h.note
            from quotation_history h left join users u on u.id = h.by_user_id where h.quotation_id = ${id} order by h.at, h.id`,
      ),

    /** Of these product ids, the ones the organisation may quote: public ones and its contract's. */
    async quotable(organisationId: string, ids: string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const found = await typedRows(
        db,
        quotableRow,
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
        // A customer of quotations has an organisation (the service's requireCaller).
        const [row] = await tx
          .insert(quotations)
          .values({ number, organisationId: caller.organisationId!, userId: caller.userId, title })
          .returning({ id: quotations.id });
        await insertLines(tx, row!.id, lines);
        await history(tx, row!.id, 'created', caller.userId);
        return row!.id;
      });
    },

    /** Replaces title and lines of a draft; false when it is no longer a draft. */
    async update(caller: CustomerCaller, id: string, title: string | null, lines: { product_id: string; quantity: number }[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        const ok = await tx
          .update(quotations)
          .set({ title, updatedAt: sql`now()` })
          .where(and(eq(quotations.id, id), eq(quotations.status, 'draft')))
          .returning({ id: quotations.id });
        if (!ok.length) return false;
        await tx.delete(quotationLines).where(eq(quotationLines.quotationId, id));
        await insertLines(tx, id, lines);
        await history(tx, id, 'edited', caller.userId);
        return true;
      });
    },

    /** Moves `from` → `to` with its history row; `set` names the extra columns of the step. */
    async step(by: QuotationCaller | null, id: string, from: QuotationStatus, to: QuotationStatus, event: QuotationStep, extra: { validUntil?: string; prices?: Map<string, number>; note?: string | null } = {}): Promise<boolean> {
      return db.transaction(async (tx) => {
        // The step's moment on its own column (sent, answered, accepted); undefined leaves a column as it is.
        const now = sql`now()`;
        const ok = await tx
          .update(quotations)
          .set({
            status: to,
            updatedAt: now,
            sentAt: to === 'sent' ? now : undefined,
            answeredAt: to === 'answered' ? now : undefined,
            acceptedAt: to === 'accepted' ? now : undefined,
            validUntil: extra.validUntil,
          })
          .where(and(eq(quotations.id, id), eq(quotations.status, from)))
          .returning({ id: quotations.id });
        if (!ok.length) return false;
        for (const [productId, cents] of extra.prices ?? []) {
          await tx
            .update(quotationLines)
            .set({ unitPriceCents: cents })
            .where(and(eq(quotationLines.quotationId, id), eq(quotationLines.productId, productId)));
        }
        await history(tx, id, event, by ? by.userId : null, extra.note ?? null);
        return true;
      });
    },

    async remove(id: string): Promise<boolean> {
      const gone = await db
        .delete(quotations)
        .where(and(eq(quotations.id, id), isNull(quotations.orderId), ne(quotations.status, 'accepted')))
        .returning({ id: quotations.id });
      return gone.length > 0;
    },

    /** The scheduled job: answered quotations past their date expire (each with its history row). */
    async expire(today: string): Promise<number> {
      return db.transaction(async (tx) => {
        const expired = await tx
          .update(quotations)
          .set({ status: 'expired', updatedAt: sql`now()` })
          .where(and(eq(quotations.status, 'answered'), lt(quotations.validUntil, today)))
          .returning({ id: quotations.id });
        for (const q of expired) await history(tx, q.id, 'expired', null);
        return expired.length;
      });
    },
  };
}
export type QuotationsRepository = ReturnType<typeof createQuotationsRepository>;

