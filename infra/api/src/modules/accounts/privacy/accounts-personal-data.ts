// The accounts' own part of a person's data (issue 44, decision 063): the profile, memberships and
// personal address book for the download; at the end of the retention period the sign-in state,
// codes, registrations, memberships and address book deleted and the users row anonymised. The row
// itself stays (orders, invoices, quotations and the audit log point at it), with nothing left
// that names or reaches the person.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DataSubject, PersonalDataPort } from '../contract';
import { addresses, memberships, organisations, refreshTokenFamilies, registrations, users, verificationCodes } from '../tables';

/** The address an anonymised account keeps: unique (the index is on the address), reaching nobody (RFC 2606's `.invalid`). */
export const anonymisedEmail = (userId: string) => `closed-${userId}@closed.invalid`;

export const accountsPersonalData: PersonalDataPort & { profileOf: PersonalDataPort['exportOf'] } = {
  owner: 'accounts',

  async profileOf(db, { userId }) {
    const rows = await db
      .select({
        id: users.id,
        email: users.email,
        first_name: users.firstName,
        last_name: users.lastName,
        phone: users.phone,
        function: users.function,
        vat_number: users.vatNumber,
        locale: users.locale,
        email_verified_at: users.emailVerifiedAt,
        two_factor_enabled: users.twoFactorEnabled,
        prices_incl_vat: users.pricesInclVat,
        created_at: users.createdAt,
        closed_at: users.closedAt,
      })
      .from(users)
      .where(eq(users.id, userId));
    return { profile: rows };
  },

  async exportOf(db, { userId }) {
    const organisationRows = await db
      .select({ organisation: organisations.name, role: memberships.role, joined_at: memberships.createdAt, deactivated_at: memberships.deactivatedAt })
      .from(memberships)
      .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
      .where(eq(memberships.userId, userId))
      .orderBy(memberships.createdAt);
    // The person's own address book (a web-shop customer's); an organisation's book is the organisation's.
    const addressRows = await db
      .select({
        label: addresses.label,
        type: addresses.type,
        street: addresses.street,
        nr: addresses.nr,
        box: addresses.box,
        postal_code: addresses.postalCode,
        city: addresses.city,
        country: addresses.country,
        email: addresses.email,
        phone: addresses.phone,
        is_default: addresses.isDefault,
      })
      .from(addresses)
      .where(and(eq(addresses.userId, userId), isNull(addresses.organisationId)))
      .orderBy(addresses.createdAt);
    return { organisations: organisationRows, addresses: addressRows };
  },

  async erase(tx, subject: DataSubject) {
    const { userId } = subject;
    await tx.delete(addresses).where(and(eq(addresses.userId, userId), isNull(addresses.organisationId)));
    // Refresh tokens go with their families (on delete cascade).
    await tx.delete(refreshTokenFamilies).where(eq(refreshTokenFamilies.userId, userId));
    await tx.delete(verificationCodes).where(eq(verificationCodes.userId, userId));
    await tx.delete(registrations).where(eq(registrations.userId, userId));
    await tx.delete(memberships).where(eq(memberships.userId, userId));
    // An organisation whose primary contact this was has none until it names another.
    await tx.update(organisations).set({ primaryContactUserId: null }).where(eq(organisations.primaryContactUserId, userId));
    await tx
      .update(users)
      .set({
        email: anonymisedEmail(userId),
        passwordHash: null,
        firstName: '',
        lastName: '',
        phone: null,
        function: null,
        vatNumber: null,
        emailVerifiedAt: null,
        twoFactorEnabled: false,
        anonymisedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
  },
};
