// Quotations (spec sections 2 to 4, issue 14): customers create (empty, from the cart, or with
// products), edit while draft, send (then it is locked), delete, and accept an answered one while
// it is valid; staff of an assigned organisation answer a sent one with prices and a validity date.
// Every step is in the quotation's history. Ordering at the quoted prices is the checkout's part:
// it reads the accepted quotation (lines with `unit_price_excl_vat`) and sets `quotations.order_id`
// in the placement transaction (unique: one quotation, at most one order).
import {
  API_ERRORS,
  QUOTATION_ERRORS,
  type Quotation,
  type QuotationAnswer,
  type QuotationCreate,
  type QuotationList,
  type QuotationUpdate,
} from '@portal/shared/schemas';
import type { Caller, CustomerCaller } from '../../caller';
import { checkOrderGoods, goodsCents } from '../../common/order-amount';
import { todayUtc } from '../../common/order-transitions';
import { AppError } from '../../errors';
import type { QuotationCaller, QuotationRow, QuotationsRepository } from './quotations.repository';

function requireCaller(caller: Caller): QuotationCaller {
  if (caller.kind === 'staff') return caller;
  if (caller.kind === 'customer' && caller.organisationId) return caller;
  // A web-shop customer is signed in: a refusal (403), never a 401 that would sign them out.
  if (caller.kind === 'customer') throw new AppError(403, QUOTATION_ERRORS.ORGANISATION_ONLY, 'Quotations are for organisations with a contract');
  throw new AppError(401, API_ERRORS.UNAUTHORIZED, 'Sign in to see quotations');
}

function requireCustomer(caller: QuotationCaller): CustomerCaller {
  if (caller.kind !== 'customer') throw new AppError(403, QUOTATION_ERRORS.ROLE, 'Quotations are requested by the customer');
  return caller;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const locked = () => new AppError(409, QUOTATION_ERRORS.LOCKED, 'This quotation has been sent and can no longer be changed');
const wrongStatus = (what: string) => new AppError(409, QUOTATION_ERRORS.WRONG_STATUS, `This quotation cannot be ${what} in its current status`);

/** One line per product: the quantities of a product named twice are added up. */
function merge(lines: { product_id: string; quantity: number }[]) {
  const by = new Map<string, number>();
  for (const l of lines) by.set(l.product_id, (by.get(l.product_id) ?? 0) + l.quantity);
  return [...by].map(([product_id, quantity]) => ({ product_id, quantity }));
}

export function createQuotationsService(deps: { repo: QuotationsRepository }) {
  const { repo } = deps;

  async function load(caller: QuotationCaller, id: string): Promise<QuotationRow> {
    const row = await repo.find(caller, id);
    if (!row) throw new AppError(404, QUOTATION_ERRORS.NOT_FOUND, 'No such quotation');
    return row;
  }

  async function checkProducts(organisationId: string, lines: { product_id: string }[]) {
    const ok = await repo.quotable(organisationId, [...new Set(lines.map((l) => l.product_id))]);
    const errors = lines.flatMap((l, i) => (ok.has(l.product_id) ? [] : [{ path: `lines.${i}.product_id`, message: 'validation.invalid.value' }]));
    if (errors.length) throw new AppError(422, QUOTATION_ERRORS.PRODUCT_NOT_FOUND, 'A product cannot be quoted', errors);
  }

  async function view(caller: QuotationCaller, row: QuotationRow, locale: string, withDetail = true): Promise<Quotation> {
    const [lines, history] = withDetail ? await Promise.all([repo.lines(row.id, locale), repo.history(row.id)]) : [[], []];
    return {
      id: row.id,
      number: row.number,
      title: row.title,
      status: row.status,
      created_at: iso(row.created_at),
      sent_at: row.sent_at ? iso(row.sent_at) : null,
      valid_until: row.valid_until,
      organisation_name: row.organisation_name,
      editable: caller.kind === 'customer' && row.status === 'draft',
      order_id: row.order_id,
      lines: lines.map((l) => ({ product_id: l.product_id, quantity: l.quantity, name: l.name, article_code: l.article_code, unit_price_excl_vat: l.unit_price_cents })),
      history: history.map((h) => ({ event: h.event as NonNullable<Quotation['history']>[number]['event'], at: iso(h.at), by: h.by, note: h.note })),
    };
  }

  const detail = async (caller: QuotationCaller, id: string, locale: string) => view(caller, await load(caller, id), locale);

  return {
    async list(caller: Caller, locale: string): Promise<QuotationList> {
      const who = requireCaller(caller);
      const rows = await repo.list(who);
      return { items: await Promise.all(rows.map((r) => view(who, r, locale, false))) };
    },

    detail: (caller: Caller, id: string, locale: string) => detail(requireCaller(caller), id, locale),

    async create(caller: Caller, input: QuotationCreate, locale: string): Promise<Quotation> {
      const customer = requireCustomer(requireCaller(caller));
      const lines = merge([...(input.from_cart ? await repo.cartLines(customer) : []), ...(input.lines ?? [])]);
      await checkProducts(customer.organisationId!, lines);
      const id = await repo.create(customer, input.title || null, lines);
      return detail(customer, id, locale);
    },

    async update(caller: Caller, id: string, input: QuotationUpdate, locale: string): Promise<Quotation> {
      const customer = requireCustomer(requireCaller(caller));
      const row = await load(customer, id);
      if (row.status !== 'draft') throw locked();
      const lines = merge(input.lines);
      await checkProducts(row.organisation_id, lines);
      if (!(await repo.update(customer, id, input.title || null, lines))) throw locked();
      return detail(customer, id, locale);
    },

    async send(caller: Caller, id: string, locale: string): Promise<Quotation> {
      const customer = requireCustomer(requireCaller(caller));
      const row = await load(customer, id);
      if (row.status !== 'draft') throw locked();
      if (!(await repo.lines(id, locale)).length) throw new AppError(409, QUOTATION_ERRORS.EMPTY, 'Add at least one product before sending');
      if (!(await repo.step(customer, id, 'draft', 'sent', 'sent'))) throw locked();
      return detail(customer, id, locale);
    },

    async answer(caller: Caller, id: string, input: QuotationAnswer, locale: string): Promise<Quotation> {
      const who = requireCaller(caller);
      const row = await load(who, id);
      if (who.kind !== 'staff') throw new AppError(403, QUOTATION_ERRORS.ROLE, 'Quotations are answered by the case manager');
      if (row.status !== 'sent') throw wrongStatus('answered');
      if (input.valid_until < todayUtc()) {
        throw new AppError(422, QUOTATION_ERRORS.EXPIRED, 'The validity date has passed', [{ path: 'valid_until', message: 'validation.tooSmall.date' }]);
      }
      const lines = await repo.lines(id, locale);
      const prices = new Map(input.lines.map((l) => [l.product_id, l.unit_price_excl_vat]));
      const errors = lines.flatMap((l) => (prices.has(l.product_id) ? [] : [{ path: 'lines', message: 'validation.required', values: { code: l.article_code } }]));
      if (errors.length || prices.size !== lines.length) throw new AppError(422, QUOTATION_ERRORS.WRONG_STATUS, 'Give a price for every line, and only for its lines', errors);
      // A quotation is ordered through the checkout, which refuses goods past one order's maximum
      // (decision 035): an answer the buyer could accept but never order is refused here, alike.
      checkOrderGoods(goodsCents(lines.map((l) => ({ unitExclVat: prices.get(l.product_id) ?? 0, quantity: l.quantity }))), 'lines');
      if (!(await repo.step(who, id, 'sent', 'answered', 'answered', { validUntil: input.valid_until, prices, note: input.note || null }))) throw wrongStatus('answered');
      return detail(who, id, locale);
    },

    async accept(caller: Caller, id: string, locale: string): Promise<Quotation> {
      const customer = requireCustomer(requireCaller(caller));
      const row = await load(customer, id);
      if (row.status === 'expired' || (row.status === 'answered' && row.valid_until && row.valid_until < todayUtc())) {
        throw new AppError(409, QUOTATION_ERRORS.EXPIRED, 'This quotation is no longer valid');
      }
      if (row.status !== 'answered') throw wrongStatus('accepted');
      if (!(await repo.step(customer, id, 'answered', 'accepted', 'accepted'))) throw wrongStatus('accepted');
      return detail(customer, id, locale);
    },

    async remove(caller: Caller, id: string): Promise<void> {
      const customer = requireCustomer(requireCaller(caller));
      await load(customer, id);
      if (!(await repo.remove(id))) throw wrongStatus('deleted');
    },

    /** The scheduled expiry: answered quotations whose validity date passed. */
    expire: (today = todayUtc()) => repo.expire(today),
  };
}
export type QuotationsService = ReturnType<typeof createQuotationsService>;
