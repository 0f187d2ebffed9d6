// The address book's rows. Every query is limited to the caller's book: their organisation's, or,
// for a web-shop customer without an organisation, their own (by user). An id outside that book
// reads as "not found", never as someone else's address.
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AddressBookInput, Address } from '@portal/shared/schemas';
import type { CustomerCaller } from '../../../caller';
import { addressBookLock } from '../../../common/locks';
import { addressBookScope } from '../../../common/scope';
import type { Db, Tx } from '../../../db/client';
import { addresses } from '../tables';

type Row = typeof addresses.$inferSelect;

/** The condition selecting the caller's book. */
export const bookOf = (caller: CustomerCaller): SQL => addressBookScope(caller, { organisation: addresses.organisationId, user: addresses.userId });

export function toAddress(row: Row): Address {
  return {
    id: row.id,
    label: row.label,
    type: row.type,
    street: row.street,
    nr: row.nr,
    box: row.box ?? '',
    postal_code: row.postalCode,
    city: row.city,
    country: row.country as Address['country'],
    email: row.email ?? '',
    phone: row.phone ?? '',
    is_default: row.isDefault,
  };
}

type Input = Omit<AddressBookInput, 'is_default'>;
const columnsOf = (a: Input) => ({
  label: a.label,
  type: a.type,
  street: a.street,
  nr: a.nr,
  box: a.box || null,
  postalCode: a.postal_code,
  city: a.city,
  country: a.country,
  email: a.email,
  phone: a.phone,
});

/** Serialises changes of one book, so that "one default per type" holds when two edits race. */
async function lockBook(tx: Tx, caller: CustomerCaller) {
  await tx.execute(sql`select ${addressBookLock(caller)}`);
}

async function clearOtherDefaults(tx: Tx, caller: CustomerCaller, type: Row['type'], keep: string) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(bookOf(caller), eq(addresses.type, type), ne(addresses.id, keep), eq(addresses.isDefault, true)));
}

export function createAddressRepository(db: Db) {
  return {
    list: async (caller: CustomerCaller) =>
      (await db.select().from(addresses).where(bookOf(caller)).orderBy(asc(addresses.type), asc(addresses.createdAt), asc(addresses.id))).map(toAddress),

    /** One address of the caller's book, or null. */
    async find(caller: CustomerCaller, id: string): Promise<Address | null> {
      const [row] = await db.select().from(addresses).where(and(bookOf(caller), eq(addresses.id, id)));
      return row ? toAddress(row) : null;
    },

    /** Adds an address; the first of its type becomes the default. */
    async create(caller: CustomerCaller, input: Input, isDefault: boolean | undefined): Promise<Address> {
      return db.transaction(async (tx) => {
        await lockBook(tx, caller);
        const [existing] = await tx.select({ id: addresses.id }).from(addresses).where(and(bookOf(caller), eq(addresses.type, input.type))).limit(1);
        const [row] = await tx
          .insert(addresses)
          .values({
            ...columnsOf(input),
            organisationId: caller.organisationId,
            userId: caller.organisationId ? null : caller.userId,
            isDefault: isDefault ?? !existing,
          })
          .returning();
        if (row!.isDefault) await clearOtherDefaults(tx, caller, row!.type, row!.id);
        return toAddress(row!);
      });
    },

    /** Replaces an address of the caller's book; null when it is not in it. */
    async update(caller: CustomerCaller, id: string, input: Input, isDefault: boolean | undefined): Promise<Address | null> {
      return db.transaction(async (tx) => {
        await lockBook(tx, caller);
        const [row] = await tx
          .update(addresses)
          .set({ ...columnsOf(input), ...(isDefault === undefined ? {} : { isDefault }) })
          .where(and(bookOf(caller), eq(addresses.id, id)))
          .returning();
        if (!row) return null;
        if (row.isDefault) await clearOtherDefaults(tx, caller, row.type, row.id);
        return toAddress(row);
      });
    },

    /** Removes an address of the caller's book; false when it is not in it. */
    async remove(caller: CustomerCaller, id: string): Promise<boolean> {
      const removed = await db.delete(addresses).where(and(bookOf(caller), eq(addresses.id, id))).returning({ id: addresses.id });
      return removed.length > 0;
    },
  };
}
export type AddressRepository = ReturnType<typeof createAddressRepository>;
