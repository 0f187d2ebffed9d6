// The addresses the supplier's ERP sends with an organisation (issue 29, decision 049), written by
// the address book's owner (decision 039) through AddressImportPort in the import's transaction. An
// imported address is keyed by the ERP's id (external_key, unique per organisation); one the record
// no longer lists is removed. Orders keep snapshots of their addresses and nothing references an
// address row, so a removal never changes an order. Addresses typed in the portal (no key) stay.
import { sql } from 'drizzle-orm';
import type { ImportedAddress } from '@portal/shared/schemas';
import type { AddressImportPort } from '../contract';
import type { Tx } from '../../../db/client';

type Batch = { organisationId: string; addresses: ImportedAddress[] }[];

async function replaceImported(tx: Tx, batch: Batch): Promise<void> {
  if (!batch.length) return;
  const orgIds = batch.map((b) => b.organisationId);
  const rows = batch.flatMap((b) =>
    b.addresses.map((a) => ({
      organisation_id: b.organisationId,
      key: a.key,
      label: a.label,
      type: a.type,
      street: a.street,
      nr: a.nr,
      box: a.box || null,
      postal_code: a.postal_code,
      city: a.city,
      country: a.country,
      email: a.email,
      phone: a.phone,
      is_default: a.is_default,
    })),
  );
  const listed = JSON.stringify(rows);
  // The imported ones the records no longer list go first (their keys are free again).
  await tx.execute(sql`
    delete from addresses a
    where a.organisation_id in ${orgIds} and a.external_key is not null
      and not exists (select 1 from jsonb_to_recordset(${listed}::jsonb) as x(organisation_id uuid, key text)
                      where x.organisation_id = a.organisation_id and x.key = a.external_key)`);
  if (!rows.length) return;
  await tx.execute(sql`
    insert into addresses as a (organisation_id, external_key, label, type, street, nr, box, postal_code, city, country, email, phone, is_default)
    select organisation_id, key, label, type::address_type, street, nr, box, postal_code, city, country, email, phone, is_default
    from jsonb_to_recordset(${listed}::jsonb) as x(organisation_id uuid, key text, label text, type text, street text, nr text, box text,
           postal_code text, city text, country text, email text, phone text, is_default boolean)
    on conflict (organisation_id, external_key) do update set
      label = excluded.label, type = excluded.type, street = excluded.street, nr = excluded.nr, box = excluded.box,
      postal_code = excluded.postal_code, city = excluded.city, country = excluded.country, email = excluded.email,
      phone = excluded.phone, is_default = excluded.is_default`);
  // One default per type and organisation, as the address book keeps it: an imported default wins.
  await tx.execute(sql`
    update addresses a set is_default = false
    from jsonb_to_recordset(${listed}::jsonb) as x(organisation_id uuid, key text, type text, is_default boolean)
    where x.is_default and a.organisation_id = x.organisation_id and a.type::text = x.type and a.is_default
      and a.external_key is distinct from x.key`);
}

export const addressImport: AddressImportPort = { replaceImported };
