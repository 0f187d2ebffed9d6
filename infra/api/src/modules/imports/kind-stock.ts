// Stock levels and deltas (scope stock:write): the warehouse's records, written by the catalogue's
// import port (stock is the catalogue's, decision 039).
import { StockRecordSchema, type StockRecord } from '@portal/shared/schemas';
import type { CatalogueImportPort } from '../catalog/contract';
import type { ImportKind } from './import-kind';

export function stockKind(catalogue: CatalogueImportPort): ImportKind<StockRecord> {
  return {
    name: 'stock',
    scope: 'stock:write',
    schema: StockRecordSchema,
    apply: (tx, _context, lines) => catalogue.stock(tx, lines.map((l) => ({ lineNo: l.lineNo, record: l.value }))),
  };
}
