// Recalls and field safety notices (issue 42, decision 074). Opening one, in one transaction under
// the GTIN's recall lock (taken alone; shipments take it shared): the recall is stored, the lot
// index is searched once for the lines that delivered the covered units, what it found is kept, each
// receiving organisation gets its notice, its administrators and the buyers who ordered a mail in
// their own language, and the ERP an integration event. A repeated open under the same reference
// answers the stored recall. Members of a receiving organisation, and web-shop customers who
// received units themselves, read their notice and answer it; the staff follow every recall, export
// it for the competent authority, widen it or close it (decision 080).
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { RECALL_ERRORS, type MyRecall, type MyRecallList, type Recall, type RecallAnswer, type RecallClose, type RecallCorrect, type RecallEventData, type RecallList, type RecallOpen, type ReceivedBy } from '@portal/shared/schemas';
import type { Caller } from '../../caller';
import { csvField } from '../../common/csv';
import { recallGtinLock } from '../../common/locks';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-errors';
import { AppError } from '../../errors';
import type { EventsPort } from '../integration-events/contract';
import { closed, widened } from './recalls.correction';
import { recallsRepository as repo, type AnyNotice, type DeliveredUnit, type StoredRecall } from './recalls.repository';
import { receivedLines } from './recalls.receivers';
import { tellReceivers } from './recalls.tell';
import { criteriaOf, criteriaView, deliveries, myView, outstanding, receiverKey, staffView } from './recalls.views';

export { RECALL_OPENED_TEMPLATE } from './recalls.tell';

/** Who opens, corrects or closes a recall: a staff member or an integration client, by the name the recall keeps. */
export interface RecallOpener {
  name: string;
}

export interface RecallsDeps {
  db: Db;
  events: EventsPort;
}

/** The open request's content in a fixed form: the same recall always hashes the same. */
export function openHash(r: RecallOpen): string {
  const canonical = {
    kind: r.kind,
    reference: r.reference ?? null,
    gtin: r.gtin,
    lots: [...(r.lots ?? [])].sort(),
    serial_numbers: [...(r.serial_numbers ?? [])].sort(),
    expiry_from: r.expiry_from ?? null,
    expiry_to: r.expiry_to ?? null,
    reason: [r.reason.en, r.reason.nl, r.reason.fr],
    instructions: [r.instructions.en, r.instructions.nl, r.instructions.fr],
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

const notFound = () => new AppError(404, RECALL_ERRORS.NOT_FOUND, 'No such recall for your organisation');

/** The event data of a recall as it stands. */
export const eventData = (recall: StoredRecall, organisationIds: string[], units: number): RecallEventData => ({
  recall_id: recall.id,
  kind: recall.kind as Recall['kind'],
  reference: recall.reference,
  gtin: recall.gtin,
  lots: recall.lots,
  serial_numbers: recall.serialNumbers,
  expiry_from: recall.expiryFrom,
  expiry_to: recall.expiryTo,
  organisation_ids: organisationIds,
  units_received: units,
});

export function createRecallsService({ db, events }: RecallsDeps) {
  async function openIn(tx: Tx, opener: RecallOpener, input: RecallOpen, hash: string): Promise<StoredRecall> {
    // Alone on the GTIN: a shipment of it reported meanwhile commits before the search below, or waits and is refused.
    await tx.execute(sql`select ${recallGtinLock(input.gtin)}`);
    const recall = await repo.insert(tx, {
      kind: input.kind,
      reference: input.reference ?? null,
      requestHash: hash,
      gtin: input.gtin,
      lots: input.lots ?? [],
      serialNumbers: input.serial_numbers ?? [],
      expiryFrom: input.expiry_from ?? null,
      expiryTo: input.expiry_to ?? null,
      reason: input.reason,
      instructions: input.instructions,
      openedBy: opener.name,
    });
    const lines = await receivedLines(tx, criteriaOf(recall));
    await repo.insertUnits(tx, recall.id, lines);
    const told = await tellReceivers(tx, recall, lines);
    await events.record(tx, {
      type: 'recall.opened',
      aggregate_type: 'recall',
      data: eventData(recall, told.organisationIds, lines.reduce((s, l) => s + l.units, 0)),
    });
    return recall;
  }

  /** The recall under its GTIN's lock taken alone (as an opening takes it), still open; 404, or 409 RECALL_CLOSED. */
  async function lockedRecall(tx: Tx, id: string): Promise<StoredRecall> {
    const seen = await repo.byId(tx, id);
    if (!seen) throw new AppError(404, RECALL_ERRORS.NOT_FOUND, 'No such recall');
    await tx.execute(sql`select ${recallGtinLock(seen.gtin)}`);
    // Read again after the lock: a closing or correction that held it before has committed.
    const recall = (await repo.byId(tx, id))!;
    if (recall.closedAt) throw closed(recall);
    return recall;
  }

  async function replay(stored: StoredRecall, hash: string): Promise<{ replayed: true; recall: Recall }> {
    if (stored.requestHash !== hash) throw new AppError(409, RECALL_ERRORS.CONFLICT, `Recall ${stored.reference} was opened before with other content`);
    return { replayed: true, recall: await staffView(db, stored) };
  }

  /**
   * The caller's notice of the recall: `receivedBy` names which (decision 086); left out, their
   * organisation's, else their own as a web-shop customer (decision 080). 404 for any other
   * (another organisation's or person's is not found).
   */
  async function noticeOf(caller: Caller, id: string, receivedBy?: ReceivedBy): Promise<{ recall: StoredRecall; notice: AnyNotice; units: DeliveredUnit[]; key: string; answer: (a: { onHand: number; used: number; toReturn: number }) => Promise<void> }> {
    if (caller.kind !== 'customer') throw notFound();
    if (caller.organisationId && receivedBy !== 'customer') {
      const organisationId = caller.organisationId;
      const found = (await repo.noticesOf(db, organisationId, false)).find((n) => n.recall.id === id);
      if (found) {
        return { ...found, units: await repo.deliveredUnits(db, [id], organisationId), key: receiverKey(organisationId, null), answer: (a) => repo.answer(db, id, organisationId, caller.userId, a) };
      }
    }
    if (receivedBy === 'organisation') throw notFound();
    const own = (await repo.customerNoticesOf(db, caller.userId, false)).find((n) => n.recall.id === id);
    if (!own) throw notFound();
    const units = (await repo.deliveredUnits(db, [id])).filter((u) => !u.organisationId);
    return { ...own, units, key: receiverKey(null, caller.userId), answer: (a) => repo.answerAsCustomer(db, id, caller.userId, a) };
  }

  return {
    /** A staff member's name, as the recall keeps who opened it. */
    personName: (userId: string) => repo.personName(db, userId),

    /** Opens a recall; `replayed`: one with this reference was opened before with the same content. */
    async open(opener: RecallOpener, input: RecallOpen): Promise<{ replayed: boolean; recall: Recall }> {
      const hash = openHash(input);
      if (input.reference) {
        const seen = await repo.byReference(db, input.reference);
        if (seen) return replay(seen, hash);
      }
      try {
        const recall = await db.transaction((tx) => openIn(tx, opener, input, hash));
        return { replayed: false, recall: await staffView(db, recall) };
      } catch (err) {
        if (!input.reference || !isUniqueViolation(err)) throw err;
        const won = await repo.byReference(db, input.reference);
        if (!won) throw err;
        return replay(won, hash);
      }
    },

    async list(): Promise<RecallList> {
      const all = await repo.list(db);
      const ids = all.map((r) => r.id);
      const [notices, customers, units] = await Promise.all([repo.notices(db, ids), repo.customers(db, ids), repo.units(db, ids)]);
      return {
        items: all.map((r) => {
          const mine = notices.filter((n) => n.recallId === r.id);
          const people = customers.filter((c) => c.recallId === r.id);
          // Units of web-shop orders nobody is left to answer for (recall_units keeps no person: they count as outstanding).
          const loose = units.filter((u) => u.recallId === r.id && !u.organisationId).reduce((s, u) => s + u.units, 0) - people.reduce((s, c) => s + c.unitsReceived, 0);
          return {
            ...criteriaView(r),
            reason: r.reason,
            units_received: [...mine, ...people].reduce((s, n) => s + n.unitsReceived, 0) + Math.max(loose, 0),
            units_outstanding: [...mine, ...people].reduce((s, n) => s + outstanding(n), 0) + Math.max(loose, 0),
            organisations_told: mine.length,
            organisations_answered: mine.filter((n) => n.answeredAt).length,
            customers_told: people.filter((c) => c.toldAt).length,
            customers_answered: people.filter((c) => c.answeredAt).length,
          };
        }),
      };
    },

    async get(id: string): Promise<Recall> {
      const recall = await repo.byId(db, id);
      if (!recall) throw new AppError(404, RECALL_ERRORS.NOT_FOUND, 'No such recall');
      return staffView(db, recall);
    },

    /**
     * The caller's recalls (`open`: not answered yet, of recalls not closed: the dashboard's banner):
     * their organisation's notices, and their own as a web-shop customer (decision 080); where one
     * recall reached both, both are listed, each answered on its own (decision 086): the units of
     * the person's web-shop order are not the organisation's to account for. None for anyone else.
     */
    async mine(caller: Caller, open: boolean): Promise<MyRecallList> {
      if (caller.kind !== 'customer') return { items: [] };
      const items: MyRecall[] = [];
      if (caller.organisationId) {
        const found = await repo.noticesOf(db, caller.organisationId, open);
        const units = await repo.deliveredUnits(db, found.map((f) => f.recall.id), caller.organisationId);
        for (const f of found) {
          const list = deliveries(units.filter((u) => u.recallId === f.recall.id));
          items.push(myView(f.recall, f.notice, list.get(receiverKey(caller.organisationId, null)) ?? [], 'organisation'));
        }
      }
      for (const f of await repo.customerNoticesOf(db, caller.userId, open)) {
        const list = deliveries((await repo.deliveredUnits(db, [f.recall.id])).filter((u) => !u.organisationId));
        items.push(myView(f.recall, f.notice, list.get(receiverKey(null, caller.userId)) ?? [], 'customer'));
      }
      return { items: items.sort((a, b) => b.opened_at.localeCompare(a.opened_at) || a.id.localeCompare(b.id)) };
    },

    async myRecall(caller: Caller, id: string, receivedBy?: ReceivedBy): Promise<MyRecall> {
      const { recall, notice, units, key } = await noticeOf(caller, id, receivedBy);
      const list = deliveries(units);
      return myView(recall, notice, list.get(key) ?? [], key.startsWith('org:') ? 'organisation' : 'customer');
    },

    async answer(caller: Caller, id: string, a: RecallAnswer, receivedBy?: ReceivedBy): Promise<MyRecall> {
      const { recall, notice, answer } = await noticeOf(caller, id, receivedBy);
      if (recall.closedAt) throw closed(recall);
      if (a.units_on_hand + a.units_used > notice.unitsReceived) {
        throw new AppError(422, RECALL_ERRORS.ANSWER_EXCEEDS_RECEIVED, `You received ${notice.unitsReceived} units: on hand and used cannot count more`, [
          { path: 'units_on_hand', message: 'validation.tooBig.number', values: { count: notice.unitsReceived } },
        ]);
      }
      await answer({ onHand: a.units_on_hand, used: a.units_used, toReturn: a.units_to_return });
      return this.myRecall(caller, id, receivedBy);
    },

    /**
     * Widens an open recall or fixes its texts (decision 080), under the GTIN's lock taken alone as
     * the opening takes it: a shipment reported meanwhile commits before the search (and is counted)
     * or waits and is refused by the widened recall. Only lines newly found, or now counting more
     * units, are added; only organisations and customers reached for the first time are mailed.
     */
    async correct(by: RecallOpener, id: string, input: RecallCorrect): Promise<Recall> {
      const recall = await db.transaction(async (tx) => {
        const before = await lockedRecall(tx, id);
        const next = widened(before, input);
        const recall = await repo.update(tx, id, { ...next, correctedAt: sql`now()`, correctedBy: by.name });
        const kept = new Map((await repo.units(tx, [id])).map((u) => [`${u.shipmentId}:${u.position}`, u.units]));
        const found = await receivedLines(tx, criteriaOf(recall));
        const added = found.flatMap((l) => {
          const had = kept.get(`${l.shipment_id}:${l.position}`) ?? 0;
          return l.units > had ? [{ ...l, units: l.units - had }] : [];
        });
        await repo.insertUnits(tx, id, found.filter((l) => l.units > (kept.get(`${l.shipment_id}:${l.position}`) ?? 0)));
        const told = await tellReceivers(tx, recall, added);
        const organisations = await repo.noticed(tx, id);
        await events.record(tx, {
          type: 'recall.corrected',
          aggregate_type: 'recall',
          data: { ...eventData(recall, [...organisations.organisations], found.reduce((s, l) => s + l.units, 0)), added_organisation_ids: told.organisationIds, closed_at: null },
        });
        return recall;
      });
      return staffView(db, recall);
    },

    /** Closes an open recall with its note (decision 080): shipments of its units pass again, its banner goes, answers are refused. */
    async close(by: RecallOpener, id: string, input: RecallClose): Promise<Recall> {
      const recall = await db.transaction(async (tx) => {
        await lockedRecall(tx, id);
        const recall = await repo.update(tx, id, { closedAt: sql`now()`, closedBy: by.name, closingNote: input.note });
        const [organisations, units] = await Promise.all([repo.noticed(tx, id), repo.units(tx, [id])]);
        await events.record(tx, {
          type: 'recall.closed',
          aggregate_type: 'recall',
          data: { ...eventData(recall, [...organisations.organisations], units.reduce((s, u) => s + u.units, 0)), added_organisation_ids: [], closed_at: recall.closedAt!.toISOString() },
        });
        return recall;
      });
      return staffView(db, recall);
    },

    /** The follow-up as CSV for the competent authority: one row per delivery, with the receiver's answer and the recall's state. */
    async csv(id: string): Promise<{ reference: string; csv: string }> {
      const r = await this.get(id);
      const head = ['recall_id', 'reference', 'kind', 'gtin', 'status', 'corrected_at', 'corrected_by', 'closed_at', 'closed_by', 'organisation_id', 'organisation', 'customer', 'told', 'told_at', 'answered_at', 'answered_by', 'units_on_hand', 'units_used', 'units_to_return', 'units_outstanding', 'order_number', 'shipment_id', 'shipped_on', 'lot', 'expiry_on', 'serial_numbers', 'units', 'delivery_address'];
      const status = r.closed_at ? 'closed' : 'open';
      const rows = r.receivers.flatMap((o) =>
        o.deliveries.map((d) => [r.id, r.reference, r.kind, r.gtin, status, r.corrected_at, r.corrected_by, r.closed_at, r.closed_by, o.organisation_id, o.organisation_name, o.customer_name, o.told.join(' '), o.told_at, o.answered_at, o.answered_by, o.units_on_hand, o.units_used, o.units_to_return, o.units_outstanding, d.order_number, d.shipment_id, d.shipped_on, d.lot, d.expiry_on, d.serial_numbers.join(' '), d.units, d.delivery_address]),
      );
      const csv = [head, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n');
      return { reference: r.reference ?? r.id, csv: `${csv}\r\n` };
    },
  };
}
export type RecallsService = ReturnType<typeof createRecallsService>;
