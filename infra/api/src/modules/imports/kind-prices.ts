// Contracts and contract prices (scope prices:write): the ERP's records, the contracts written by
// the accounts' port and the prices by the catalogue's (decision 039). A batch's contracts go first,
// so a file may list a contract and then its prices.
import { PriceRecordSchema, type ContractPriceRecord, type ContractRecord, type PriceRecord } from '@portal/shared/schemas';
import type { ContractImportPort } from '../accounts/contract';
import type { CatalogueImportPort } from '../catalog/contract';
import type { ImportKind } from './import-kind';

export function pricesKind(catalogue: CatalogueImportPort, accounts: ContractImportPort): ImportKind<PriceRecord> {
  return {
    name: 'prices',
    scope: 'prices:write',
    schema: PriceRecordSchema,
    apply: async (tx, _context, lines) => {
      const contracts = lines.flatMap((l) => (l.value.type === 'contract' ? [{ lineNo: l.lineNo, record: l.value as ContractRecord }] : []));
      const prices = lines.flatMap((l) => (l.value.type === 'price' ? [{ lineNo: l.lineNo, record: l.value as ContractPriceRecord }] : []));
      return [...(await accounts.contracts(tx, contracts)), ...(await catalogue.contractPrices(tx, prices))];
    },
  };
}
