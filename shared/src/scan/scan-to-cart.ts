// Scan to order (issue 42, decisions 075 and 082): a scanned code, read by readScan, is looked up in
// the buyer's contract (GET /catalog/gtin/:gtin) and, when found and not recalled, added to the cart
// by the cart's own add (POST /cart/items), which prices the line at the contract price like any
// other. The one scan-to-cart path for every screen that scans (quick order, the cart page).
import { portalApi } from '@portal/shared/api';
import { GtinLookupSchema } from '@portal/shared/schemas/scan';
import { CartSchema, type CatalogProductSummary } from '@portal/shared/schemas/shop';
import { readScan } from './read-scan';

/** What a scan came to, as the buyer is told. */
export type ScanOutcome =
  | { kind: 'added'; product: CatalogProductSummary; itemCount: number }
  | { kind: 'recalled'; product: CatalogProductSummary; lot: string; reference: string }
  | { kind: 'not_within_contract' | 'not_orderable'; product: CatalogProductSummary; gtin: string }
  | { kind: 'unknown'; gtin: string }
  | { kind: 'unreadable'; code: string; ai?: string };

export async function scanToCart(text: string): Promise<ScanOutcome> {
  const reading = await readScan(text);
  if (!reading.ok) return { kind: 'unreadable', code: reading.code, ...(reading.ai ? { ai: reading.ai } : {}) };
  const api = portalApi({ shop: 'portal' });
  const found = await api.get(`/catalog/gtin/${reading.gtin}`, { schema: GtinLookupSchema, ...(reading.lot ? { query: { lot: reading.lot } } : {}) });
  const { product } = found;
  if (!product || found.status === 'unknown') return { kind: 'unknown', gtin: found.gtin };
  // A recalled lot is said, never added (the buyer holds a unit that must not be used).
  if (found.recall && reading.lot) return { kind: 'recalled', product, lot: reading.lot, reference: found.recall.reference };
  if (found.status !== 'found') return { kind: found.status, product, gtin: found.gtin };
  const cart = await api.post('/cart/items', { body: { product_id: product.id, quantity: 1 }, schema: CartSchema });
  return { kind: 'added', product, itemCount: cart.item_count };
}
