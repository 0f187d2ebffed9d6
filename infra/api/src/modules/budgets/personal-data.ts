// The budgets' part of a person's data (issue 44, decision 063; the PersonalDataPort of
// modules/accounts/contract.ts): the cost centres they were allowed to order on. The download lists
// them; the erasure removes the assignments (an anonymous account orders on nothing). What an order
// was charged to stays with the order (order_cost_centres names the centre, not the person).
import { asc, eq } from 'drizzle-orm';
import type { PersonalDataPort } from '../accounts/contract';
import { costCentreBuyers, costCentres } from './tables';

export const budgetsPersonalData: PersonalDataPort = {
  owner: 'budgets',

  async exportOf(db, { userId }) {
    const assigned = await db
      .select({ code: costCentres.code, name: costCentres.name })
      .from(costCentreBuyers)
      .innerJoin(costCentres, eq(costCentres.id, costCentreBuyers.costCentreId))
      .where(eq(costCentreBuyers.userId, userId))
      .orderBy(asc(costCentres.code));
    return { cost_centres: assigned };
  },

  async erase(tx, { userId }) {
    await tx.delete(costCentreBuyers).where(eq(costCentreBuyers.userId, userId));
  },
};
