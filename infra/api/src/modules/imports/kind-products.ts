// Products (scope catalog:write): the PIM's records, written by the catalogue's import port.
import { ProductRecordSchema, type ProductRecord } from '@portal/shared/schemas';
import type { CatalogueImportPort } from '../catalog/contract';
import type { ImportKind } from './import-kind';

export function productsKind(catalogue: CatalogueImportPort): ImportKind<ProductRecord> {
  return {
    name: 'products',
    scope: 'catalog:write',
    schema: ProductRecordSchema,
    apply: (tx, _context, lines) => catalogue.products(tx, lines.map((l) => ({ lineNo: l.lineNo, record: l.value }))),
  };
}
