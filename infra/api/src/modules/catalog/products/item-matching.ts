// Which products a procurement system's order names (decision 067): the catalogue's one rule for the
// cXML OrderRequest's SupplierPartID and the Peppol Order's item identifications, given to the
// procurement orders as a port (ItemMatchingPort, wired in app.ts). The contract price comes from
// the catalogue's join (catalog-scope.ts) over the organisation's active contract.
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { Db, Tx } from '../../../db/client';
import { typedRows } from '../../../db/typed-rows';
import { activeContractOf } from '../../../plugins/access-state';
import type { ItemMatchingPort, ItemReference, MatchedItem } from '../contract';
import { contractPriceJoin } from './catalog-scope';

const row = { id: v.string(), article_code: v.string(), product_code: v.nullable(v.string()), gtin: v.nullable(v.string()), price_cents: v.nullable(v.number()) };
type Candidate = MatchedItem & { productCode: string | null; gtin: string | null };

/** The active products any of `items` names, with the organisation's contract price. */
async function candidates(db: Db | Tx, organisationId: string, items: ItemReference[]): Promise<Candidate[]> {
  const codes = [...new Set(items.flatMap((i) => [i.sellersItemId, i.buyersItemId]).flatMap((c) => (c ? [c.toLowerCase()] : [])))];
  const gtins = [...new Set(items.flatMap((i) => (i.gtin ? [i.gtin] : [])))];
  if (!codes.length && !gtins.length) return [];
  // A list in SQL is `in (…)`: an empty one is left out (it is not valid SQL).
  const named = [
    ...(codes.length ? [sql`lower(p.article_code) in ${codes}`, sql`lower(p.product_code) in ${codes}`] : []),
    ...(gtins.length ? [sql`p.gtin in ${gtins}`] : []),
  ];
  const rows = await typedRows(
    db,
    row,
    sql`select p.id, p.article_code, p.product_code, p.gtin, cp.price_cents
        from products p ${contractPriceJoin(activeContractOf(organisationId))}
        where p.active and (${sql.join(named, sql` or `)})`,
  );
  return rows.map((r) => ({ id: r.id, articleCode: r.article_code, productCode: r.product_code, gtin: r.gtin, contractPriceCents: r.price_cents }));
}

/** The product `item` names among `found`: the seller's id (article code, then product code), the GTIN, the buyer's id. */
function matchOne(item: ItemReference, found: Candidate[]): MatchedItem | null {
  const byCode = (code: string | null) => {
    const lower = code?.toLowerCase();
    if (!lower) return null;
    return found.find((p) => p.articleCode.toLowerCase() === lower) ?? found.find((p) => p.productCode?.toLowerCase() === lower) ?? null;
  };
  const hit = byCode(item.sellersItemId) ?? (item.gtin ? (found.find((p) => p.gtin === item.gtin) ?? null) : null) ?? byCode(item.buyersItemId);
  return hit && { id: hit.id, articleCode: hit.articleCode, contractPriceCents: hit.contractPriceCents };
}

export const itemMatching: ItemMatchingPort = {
  async match(db, organisationId, items) {
    const found = await candidates(db, organisationId, items);
    return items.map((item) => matchOne(item, found));
  },
};
