// Organisations (scope customers:write): the ERP's customers, written by the accounts' port
// (decision 039), with their addresses and the users they invite.
import { CustomerRecordSchema, type CustomerRecord } from '@portal/shared/schemas';
import type { ContractImportPort } from '../accounts/contract';
import type { ImportKind } from './import-kind';

export function customersKind(accounts: ContractImportPort): ImportKind<CustomerRecord> {
  return {
    name: 'customers',
    scope: 'customers:write',
    schema: CustomerRecordSchema,
    apply: (tx, context, lines) => accounts.customers(tx, lines.map((l) => ({ lineNo: l.lineNo, record: l.value })), { clientName: context.clientName }),
  };
}
