// Which address of the organisation's book a procurement order is delivered and invoiced to
// (decision 053). The document's address is never stored as sent: it is matched against the book,
// by the buyer system's address id (the ERP key an imported address carries, or the portal's id),
// else by postal code and street; unmatched, the organisation's default address of the type is used
// (the order's page and confirmation show which). No book at all: null, the order is refused.
import type { DocumentAddress } from '../protocol/document-address';
import type { BookAddress } from './procurement-orders.repository';

const norm = (s: string | null | undefined) => (s ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');

function match(book: BookAddress[], doc: DocumentAddress | null, type: BookAddress['type']): BookAddress | undefined {
  if (doc?.id) {
    const byId = book.find((a) => a.externalKey === doc.id || a.id === doc.id);
    if (byId) return byId;
  }
  const street = norm(doc?.street);
  const postal = norm(doc?.postalCode);
  if (street && postal) {
    const same = (a: BookAddress) => norm(a.postalCode) === postal && (street.startsWith(norm(a.street)) || norm(`${a.street} ${a.nr}`) === street);
    const found = book.filter(same);
    const hit = found.find((a) => a.type === type) ?? found[0];
    if (hit) return hit;
  }
  return book.find((a) => a.type === type && a.isDefault) ?? book.find((a) => a.type === type) ?? book[0];
}

export function chooseAddresses(book: BookAddress[], delivery: DocumentAddress | null, invoice: DocumentAddress | null): { delivery_address_id: string; billing_address_id: string } | null {
  if (!book.length) return null;
  return { delivery_address_id: match(book, delivery, 'shipping')!.id, billing_address_id: match(book, invoice, 'billing')!.id };
}
