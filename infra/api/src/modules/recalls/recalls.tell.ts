// Telling the receivers of a recall (decisions 074 and 080), at the opening and at a correction that
// widens it, in the transaction that holds the GTIN's recall lock alone: each organisation reached for
// the first time gets its notice and a mail to its administrators and the buyers who ordered; each
// web-shop customer (an order without an organisation, placed with a personal account) reached for
// the first time gets a notice of their own and a mail; everyone in their own language (decision 061,
// `mailLocale`). Organisations and customers told before get the units added, no second mail.
import type { Tx } from '../../db/client';
import { enqueue, mailLocale } from '../../common/outbox';
import { recallsRepository as repo, type StoredRecall } from './recalls.repository';
import type { ReceivedLine } from './recalls.receivers';

export const RECALL_OPENED_TEMPLATE = 'recalls.opened';

/** Whom the lines reached for the first time. */
export interface Told {
  organisationIds: string[];
  customerIds: string[];
}

/**
 * Tells the receivers of `lines` (each line's `units`: what it adds to the recall: all of a line
 * found for the first time, the difference for a line that now counts more).
 */
export async function tellReceivers(tx: Tx, recall: StoredRecall, lines: readonly ReceivedLine[]): Promise<Told> {
  const orgs = new Map<string, { units: number; buyers: Set<string>; name: string }>();
  const customers = new Map<string, number>();
  for (const l of lines) {
    if (l.organisation_id) {
      const r = orgs.get(l.organisation_id) ?? { units: 0, buyers: new Set<string>(), name: l.organisation_name ?? '' };
      r.units += l.units;
      if (l.user_id) r.buyers.add(l.user_id);
      orgs.set(l.organisation_id, r);
    } else if (l.user_id) {
      customers.set(l.user_id, (customers.get(l.user_id) ?? 0) + l.units);
    }
    // An order with neither (its account was erased): kept in recall_units for the authority, nobody to tell.
  }
  const known = await repo.noticed(tx, recall.id);
  const newOrgs = [...orgs].filter(([id]) => !known.organisations.has(id));
  const newCustomers = [...customers].filter(([id]) => !known.customers.has(id));
  await repo.addUnits(
    tx,
    recall.id,
    new Map([...orgs].filter(([id]) => known.organisations.has(id)).map(([id, r]) => [id, r.units])),
    new Map([...customers].filter(([id]) => known.customers.has(id))),
  );

  const recipients = await repo.recipients(tx, new Map(newOrgs.map(([id, r]) => [id, r.buyers])));
  await repo.insertNotices(
    tx,
    newOrgs.map(([organisationId, r]) => ({
      recallId: recall.id,
      organisationId,
      unitsReceived: r.units,
      told: recipients.filter((p) => p.organisationId === organisationId).map((p) => p.email.toLowerCase()),
    })),
  );
  const people = await repo.customerRecipients(tx, newCustomers.map(([id]) => id));
  const active = new Set(people.map((p) => p.userId));
  await repo.insertCustomerNotices(tx, newCustomers.map(([userId, units]) => ({ recallId: recall.id, userId, unitsReceived: units, told: active.has(userId) })));

  // Each in their own language (decision 061); the texts of all three go along, the template picks.
  const mail = (p: { email: string; firstName: string; locale: string }, receiver: string, units: number) => {
    const lang = mailLocale(p.locale);
    return {
      channel: 'email' as const,
      recipient: p.email.toLowerCase(),
      template: RECALL_OPENED_TEMPLATE,
      locale: lang,
      payload: {
        firstName: p.firstName,
        organisationName: receiver,
        kind: recall.kind,
        gtin: recall.gtin,
        lots: recall.lots,
        serialCount: recall.serialNumbers.length,
        expiryFrom: recall.expiryFrom,
        expiryTo: recall.expiryTo,
        units,
        reason: recall.reason[lang],
        instructions: recall.instructions[lang],
        path: `/${lang}/user/recalls/${recall.id}`,
      },
    };
  };
  const byOrg = new Map(newOrgs);
  await enqueue(
    tx,
    ...recipients.map((p) => mail(p, byOrg.get(p.organisationId)!.name, byOrg.get(p.organisationId)!.units)),
    // A web-shop customer received the units themselves: the mail names them as the receiver.
    ...people.map((p) => mail(p, `${p.firstName} ${p.lastName}`.trim(), customers.get(p.userId)!)),
  );
  return { organisationIds: newOrgs.map(([id]) => id), customerIds: newCustomers.map(([id]) => id) };
}
