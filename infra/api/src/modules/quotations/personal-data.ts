// The quotations' part of a person's data (issue 44, decision 063; the PersonalDataPort of
// modules/accounts/contract.ts). The download: the quotations they asked for, with their lines. The erasure
// deletes the drafts they never sent (nobody else saw them); a sent quotation is the organisation's
// exchange with the supplier and stays, naming only the anonymised account.
import { and, asc, eq } from 'drizzle-orm';
import type { PersonalDataPort } from '../accounts/contract';
import { products } from './links';
import { quotationLines, quotations } from './tables';

export const quotationsPersonalData: PersonalDataPort = {
  owner: 'quotations',

  async exportOf(db, { userId }) {
    const quotationRows = await db
      .select({
        number: quotations.number,
        title: quotations.title,
        status: quotations.status,
        created_at: quotations.createdAt,
        sent_at: quotations.sentAt,
        answered_at: quotations.answeredAt,
        valid_until: quotations.validUntil,
        accepted_at: quotations.acceptedAt,
      })
      .from(quotations)
      .where(eq(quotations.userId, userId))
      .orderBy(asc(quotations.createdAt), asc(quotations.number));
    const lineRows = await db
      .select({ quotation_number: quotations.number, article_code: products.articleCode, quantity: quotationLines.quantity, unit_price_cents: quotationLines.unitPriceCents })
      .from(quotationLines)
      .innerJoin(quotations, eq(quotations.id, quotationLines.quotationId))
      .innerJoin(products, eq(products.id, quotationLines.productId))
      .where(eq(quotations.userId, userId))
      .orderBy(asc(quotations.createdAt), asc(quotations.number), asc(products.articleCode));
    return { quotations: quotationRows, quotation_lines: lineRows };
  },

  async erase(tx, { userId }) {
    // Their lines and history go with them (on delete cascade).
    await tx.delete(quotations).where(and(eq(quotations.userId, userId), eq(quotations.status, 'draft')));
  },
};
