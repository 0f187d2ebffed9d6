// Order lists (issue 33, decision 056): make, share, edit and order them. Products are read through
// the catalogue as the caller's shop shows them now (prices, stock, contract range); the cart is
// filled through the cart's own service, so its rules (stock, contract, order maximum) hold.
import {
  MAX_ORDER_LIST_LINES,
  MESSAGE_KEYS as M,
  ORDER_LIST_ERRORS,
  type AddToCart,
  type Cart,
  type CatalogProductSummary,
  type OrderListDetail,
  type OrderListLineInput,
  type OrderListOrderResult,
  type OrderListSummary,
} from '@portal/shared/schemas';
import type { Caller, CustomerCaller } from '../../caller';
import { mayManageOrderList, requireCustomer } from '../../common/scope';
import { AppError } from '../../errors';
import type { ShopScope } from '../../plugins/request-context';
import { flagOf, orderableQuantity } from './order-lists.flags';
import type { ListRow, OrderListsRepository, StoredLine } from './order-lists.repository';

/** The catalogue as lists read it (app.ts hands over the catalogue's service). */
export interface OrderListProducts {
  summariesByIds(scope: ShopScope, ids: string[]): Promise<Map<string, CatalogProductSummary>>;
}

/** The cart as lists fill it (app.ts hands over the cart's service). */
export interface OrderListCart {
  read(scope: ShopScope, caller: Caller): Promise<Cart>;
  add(scope: ShopScope, caller: Caller, lines: AddToCart[], pathOf: (i: number) => string): Promise<Cart>;
}

type ListCaller = CustomerCaller & { organisationId: string };
/** The shop scope, resolved once the caller is known to be a buyer of an organisation. */
type Scope = () => Promise<ShopScope>;

/** Lists are an organisation's buyers': staff 403, web-shop customers (no organisation) 403, visitors 401. */
function listCaller(caller: Caller): ListCaller {
  const customer = requireCustomer(caller, { code: ORDER_LIST_ERRORS.CUSTOMERS_ONLY, message: "Order lists are for the buyers' accounts" });
  if (!customer.organisationId) throw new AppError(403, ORDER_LIST_ERRORS.ORGANISATION_ONLY, 'Order lists belong to an organisation');
  return customer as ListCaller;
}

const notFound = () => new AppError(404, ORDER_LIST_ERRORS.NOT_FOUND, 'No such order list');
const lineNotFound = () => new AppError(404, ORDER_LIST_ERRORS.LINE_NOT_FOUND, 'This product is not on the list');

function summary(caller: ListCaller, row: ListRow): OrderListSummary {
  return {
    id: row.id,
    name: row.name,
    shared: row.shared,
    owner_name: row.owner_name,
    mine: row.owner_user_id === caller.userId,
    can_manage: mayManageOrderList(caller, row.owner_user_id),
    line_count: row.line_count,
    updated_at: row.updated_at,
  };
}

export function createOrderListsService(deps: { repo: OrderListsRepository; products: OrderListProducts; cart: OrderListCart }) {
  const { repo, products, cart } = deps;

  async function visible(caller: ListCaller, id: string): Promise<ListRow> {
    const row = await repo.find(caller, id);
    if (!row) throw notFound();
    return row;
  }

  async function managed(caller: ListCaller, id: string): Promise<ListRow> {
    const row = await visible(caller, id);
    if (!mayManageOrderList(caller, row.owner_user_id)) {
      throw new AppError(403, ORDER_LIST_ERRORS.NOT_MANAGER, "Only the list's author or an administrator may rename, share or delete it");
    }
    return row;
  }

  /** The lines to store: each product must be one the caller's shop shows (its name and code are kept with the line). */
  async function storable(scope: ShopScope, lines: OrderListLineInput[]): Promise<StoredLine[]> {
    const found = await products.summariesByIds(scope, [...new Set(lines.map((l) => l.product_id))]);
    return lines.map((l, i) => {
      const p = found.get(l.product_id);
      if (!p) {
        throw new AppError(422, ORDER_LIST_ERRORS.PRODUCT_NOT_FOUND, 'No such product in this shop', [{ path: `lines.${i}.product_id`, message: M.invalidValue }]);
      }
      return { product_id: p.id, quantity: l.quantity, note: l.note ? l.note : null, name: p.name, article_code: p.article_code };
    });
  }

  /** The list with its lines as the shop shows their products now, each flagged when it cannot be ordered as it is. */
  async function detail(scope: ShopScope, caller: ListCaller, row: ListRow): Promise<OrderListDetail> {
    const lines = await repo.lines(row.id);
    const found = await products.summariesByIds(scope, lines.map((l) => l.product_id));
    return {
      ...summary(caller, row),
      line_count: lines.length,
      lines: lines.map((l) => {
        const p = found.get(l.product_id);
        const shown = p && p.stock_state !== 'not_within_contract' ? p : undefined;
        return {
          product_id: l.product_id,
          slug: shown?.slug ?? null,
          name: shown?.name ?? l.name,
          article_code: shown?.article_code ?? l.article_code,
          quantity: l.quantity,
          note: l.note,
          unit_price: shown?.price ?? null,
          stock: p?.stock_state ?? null,
          max_quantity: shown?.orderable ? shown.max_quantity : 0,
          flag: flagOf(p, l.quantity),
        };
      }),
    };
  }

  return {
    async list(caller: Caller) {
      const who = listCaller(caller);
      return { items: (await repo.list(who)).map((r) => summary(who, r)) };
    },

    async detail(scopeOf: Scope, caller: Caller, id: string) {
      const who = listCaller(caller);
      return detail(await scopeOf(), who, await visible(who, id));
    },

    async create(scopeOf: Scope, caller: Caller, input: { name: string; shared: boolean; lines: OrderListLineInput[] }) {
      const who = listCaller(caller);
      const scope = await scopeOf();
      const lines = await storable(scope, input.lines);
      const id = await repo.create(who, input, lines);
      return detail(scope, who, await visible(who, id));
    },

    async update(scopeOf: Scope, caller: Caller, id: string, patch: { name?: string; shared?: boolean }) {
      const who = listCaller(caller);
      const scope = await scopeOf();
      await managed(who, id);
      if (!(await repo.update(who, id, patch))) throw notFound();
      return detail(scope, who, await visible(who, id));
    },

    async remove(caller: Caller, id: string) {
      const who = listCaller(caller);
      await managed(who, id);
      if (!(await repo.remove(who, id))) throw notFound();
    },

    async addLines(scopeOf: Scope, caller: Caller, id: string, input: OrderListLineInput[]) {
      const who = listCaller(caller);
      const scope = await scopeOf();
      await visible(who, id);
      const lines = await storable(scope, input);
      const done = await repo.addLines(who, id, lines, MAX_ORDER_LIST_LINES);
      if (done === false) throw notFound();
      if (done === 'too_many') {
        throw new AppError(409, ORDER_LIST_ERRORS.TOO_MANY_LINES, `A list holds at most ${MAX_ORDER_LIST_LINES} products`, [
          { path: 'lines', message: M.tooBigArray, values: { count: MAX_ORDER_LIST_LINES } },
        ]);
      }
      return detail(scope, who, await visible(who, id));
    },

    async setLine(scopeOf: Scope, caller: Caller, id: string, productId: string, quantity: number, note: string | undefined) {
      const who = listCaller(caller);
      const scope = await scopeOf();
      await visible(who, id);
      if (!(await repo.setLine(who, id, productId, quantity, note === undefined ? undefined : note || null))) throw lineNotFound();
      return detail(scope, who, await visible(who, id));
    },

    async removeLine(scopeOf: Scope, caller: Caller, id: string, productId: string) {
      const who = listCaller(caller);
      const scope = await scopeOf();
      await visible(who, id);
      if (!(await repo.removeLine(who, id, productId))) throw lineNotFound();
      return detail(scope, who, await visible(who, id));
    },

    /**
     * Puts the list (or the chosen products) in the cart: what can be ordered goes in, in one add
     * (all or none: the cart's own checks hold), at most what stock allows beside what the cart
     * holds; every line that could not go in (in full) is reported with why. Nothing is dropped
     * from the list.
     */
    async order(scopeOf: Scope, caller: Caller, id: string, productIds: string[] | undefined): Promise<OrderListOrderResult> {
      const who = listCaller(caller);
      const scope = await scopeOf();
      await visible(who, id);
      const all = await repo.lines(id);
      const chosen = productIds ? all.filter((l) => productIds.includes(l.product_id)) : all;
      if (productIds && chosen.length !== new Set(productIds).size) throw lineNotFound();
      const [found, current] = await Promise.all([products.summariesByIds(scope, chosen.map((l) => l.product_id)), cart.read(scope, who)]);
      const held = new Map(current.lines.map((l) => [l.product_id, l.quantity]));
      const added: OrderListOrderResult['added'] = [];
      const notAdded: OrderListOrderResult['not_added'] = [];
      for (const line of chosen) {
        const p = found.get(line.product_id);
        const inCart = held.get(line.product_id) ?? 0;
        const flag = flagOf(p, line.quantity, inCart);
        const quantity = orderableQuantity(p, line.quantity, inCart);
        if (quantity > 0) added.push({ product_id: line.product_id, quantity });
        if (flag) notAdded.push({ product_id: line.product_id, name: p?.name ?? line.name, article_code: p?.article_code ?? line.article_code, reason: flag, requested: line.quantity, added: quantity });
      }
      if (added.length) await cart.add(scope, who, added, (i) => `lines.${i}.quantity`);
      return { added, not_added: notAdded };
    },
  };
}
export type OrderListsService = ReturnType<typeof createOrderListsService>;
