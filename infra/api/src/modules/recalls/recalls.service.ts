// Recalls and field safety notices (issue 42, decision 074). Opening one, in one transaction under
// the GTIN's recall lock (taken alone; shipments take it shared): the recall is stored, the lot
// index is searched once for the lines that delivered the covered units, what it found is kept, each
// receiving organisation gets its notice, its administrators and the buyers who ordered a mail in
// their own language, and the ERP an integration event. A repeated open under the same reference
// answers the stored recall. Members of a receiving organisation read their notice and answer it;
// the staff follow every recall and export it for the competent authority.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { RECALL_ERRORS, type MyRecall, type MyRecallList, type Recall, type RecallAnswer, type RecallDelivery, type RecallList, type RecallOpen } from '@portal/shared/schemas';
import type { Caller } from '../../caller';
import { csvField } from '../../common/csv';
import { recallGtinLock } from '../../common/locks';
import { enqueue, mailLocale } from '../../common/outbox';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-errors';
import { AppError } from '../../errors';
import type { EventsPort } from '../integration-events/contract';
import { recallsRepository as repo, type StoredNotice, type StoredRecall, type StoredRecallUnit } from './recalls.repository';
import { receivedLines, type RecallCriteria } from './recalls.receivers';

export const RECALL_OPENED_TEMPLATE = 'recalls.opened';

/** Who opens a recall: a staff member or an integration client, by the name the recall keeps. */
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

export const criteriaOf = (r: StoredRecall): RecallCriteria => ({ gtin: r.gtin, lots: r.lots, serialNumbers: r.serialNumbers, expiryFrom: r.expiryFrom, expiryTo: r.expiryTo });

const notFound = () => new AppError(404, RECALL_ERRORS.NOT_FOUND, 'No such recall for your organisation');

function criteriaView(r: StoredRecall) {
  return {
    id: r.id,
    kind: r.kind as Recall['kind'],
    reference: r.reference,
    gtin: r.gtin,
    lots: r.lots,
    serial_numbers: r.serialNumbers,
    expiry_from: r.expiryFrom,
    expiry_to: r.expiryTo,
    opened_at: r.openedAt.toISOString(),
    opened_by: r.openedBy,
  };
}

/** The units' deliveries, with each line's order, shipment and address (read back from the orders and shipments at once). */
async function deliveries(db: Db | Tx, recall: StoredRecall, units: StoredRecallUnit[]): Promise<Map<string | null, RecallDelivery[]>> {
  const kept = new Set(units.map((u) => `${u.shipmentId}:${u.position}`));
  const lines = kept.size ? (await receivedLines(db, criteriaOf(recall))).filter((l) => kept.has(`${l.shipment_id}:${l.position}`)) : [];
  const byKey = new Map(units.map((u) => [`${u.shipmentId}:${u.position}`, u]));
  const out = new Map<string | null, RecallDelivery[]>();
  for (const l of lines) {
    const u = byKey.get(`${l.shipment_id}:${l.position}`)!;
    const list = out.get(u.organisationId) ?? [];
    list.push({
      order_number: l.order_number,
      shipment_id: l.external_id,
      shipped_on: l.shipped_on,
      lot: u.lot,
      expiry_on: u.expiryOn,
      serial_numbers: u.serialNumbers,
      units: u.units,
      delivery_address: l.delivery_address,
    });
    out.set(u.organisationId, list);
  }
  return out;
}

/** Units still in the field: all received until the organisation answers, then all but those it used. */
const outstanding = (n: Pick<StoredNotice, 'unitsReceived' | 'answeredAt' | 'unitsUsed'>) => (n.answeredAt ? Math.max(n.unitsReceived - (n.unitsUsed ?? 0), 0) : n.unitsReceived);

export function createRecallsService({ db, events }: RecallsDeps) {
  async function staffView(dbOrTx: Db | Tx, recall: StoredRecall): Promise<Recall> {
    const [notices, units] = await Promise.all([repo.notices(dbOrTx, [recall.id]), repo.units(dbOrTx, [recall.id])]);
    const byOrg = await deliveries(dbOrTx, recall, units);
    const receivers: Recall['receivers'] = notices.map((n) => ({
      organisation_id: n.organisationId,
      organisation_name: n.organisationName,
      units_received: n.unitsReceived,
      told: n.told,
      told_at: n.toldAt.toISOString(),
      answered_at: n.answeredAt?.toISOString() ?? null,
      answered_by: n.answeredBy,
      units_on_hand: n.unitsOnHand,
      units_used: n.unitsUsed,
      units_to_return: n.unitsToReturn,
      units_outstanding: outstanding(n),
      deliveries: byOrg.get(n.organisationId) ?? [],
    }));
    // Web-shop orders without an organisation: listed for the authority, told through their order's buyer.
    const loose = byOrg.get(null);
    if (loose?.length) {
      const received = loose.reduce((s, d) => s + d.units, 0);
      receivers.push({ organisation_id: null, organisation_name: '', units_received: received, told: [], told_at: null, answered_at: null, answered_by: null, units_on_hand: null, units_used: null, units_to_return: null, units_outstanding: received, deliveries: loose });
    }
    return {
      ...criteriaView(recall),
      reason: recall.reason,
      instructions: recall.instructions,
      units_received: receivers.reduce((s, r) => s + r.units_received, 0),
      units_outstanding: receivers.reduce((s, r) => s + r.units_outstanding, 0),
      organisations_told: notices.length,
      organisations_answered: notices.filter((n) => n.answeredAt).length,
      receivers,
    };
  }

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
    const received = new Map<string, { units: number; buyers: Set<string>; name: string }>();
    for (const l of lines) {
      if (!l.organisation_id) continue;
      const r = received.get(l.organisation_id) ?? { units: 0, buyers: new Set<string>(), name: l.organisation_name ?? '' };
      r.units += l.units;
      if (l.user_id) r.buyers.add(l.user_id);
      received.set(l.organisation_id, r);
    }
    const recipients = await repo.recipients(tx, new Map([...received].map(([id, r]) => [id, r.buyers])));
    await repo.insertNotices(
      tx,
      [...received].map(([organisationId, r]) => ({
        recallId: recall.id,
        organisationId,
        unitsReceived: r.units,
        told: recipients.filter((p) => p.organisationId === organisationId).map((p) => p.email.toLowerCase()),
      })),
    );
    // Each in their own language (decision 061); the texts of all three go along, the template picks.
    await enqueue(
      tx,
      ...recipients.map((p) => {
        const lang = mailLocale(p.locale);
        return {
          channel: 'email' as const,
          recipient: p.email.toLowerCase(),
          template: RECALL_OPENED_TEMPLATE,
          locale: lang,
          payload: {
            firstName: p.firstName,
            organisationName: received.get(p.organisationId)!.name,
            kind: recall.kind,
            gtin: recall.gtin,
            lots: recall.lots,
            serialCount: recall.serialNumbers.length,
            expiryFrom: recall.expiryFrom,
            expiryTo: recall.expiryTo,
            units: received.get(p.organisationId)!.units,
            reason: recall.reason[lang],
            instructions: recall.instructions[lang],
            path: `/${lang}/user/recalls/${recall.id}`,
          },
        };
      }),
    );
    await events.record(tx, {
      type: 'recall.opened',
      aggregate_type: 'recall',
      data: {
        recall_id: recall.id,
        kind: recall.kind as Recall['kind'],
        reference: recall.reference,
        gtin: recall.gtin,
        lots: recall.lots,
        serial_numbers: recall.serialNumbers,
        expiry_from: recall.expiryFrom,
        expiry_to: recall.expiryTo,
        organisation_ids: [...received.keys()],
        units_received: lines.reduce((s, l) => s + l.units, 0),
      },
    });
    return recall;
  }

  async function replay(stored: StoredRecall, hash: string): Promise<{ replayed: true; recall: Recall }> {
    if (stored.requestHash !== hash) throw new AppError(409, RECALL_ERRORS.CONFLICT, `Recall ${stored.reference} was opened before with other content`);
    return { replayed: true, recall: await staffView(db, stored) };
  }

  function myView(recall: StoredRecall, notice: StoredNotice, list: RecallDelivery[]): MyRecall {
    return {
      ...criteriaView(recall),
      reason: recall.reason,
      instructions: recall.instructions,
      units_received: notice.unitsReceived,
      answered_at: notice.answeredAt?.toISOString() ?? null,
      units_on_hand: notice.unitsOnHand,
      units_used: notice.unitsUsed,
      units_to_return: notice.unitsToReturn,
      deliveries: list,
    };
  }

  /** The caller's organisation's notice of the recall; 404 for any other (another organisation's is not found). */
  async function noticeOf(caller: Caller, id: string) {
    if (caller.kind !== 'customer' || !caller.organisationId) throw notFound();
    const found = (await repo.noticesOf(db, caller.organisationId, false)).find((n) => n.recall.id === id);
    if (!found) throw notFound();
    return { ...found, organisationId: caller.organisationId, userId: caller.userId };
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
      const notices = await repo.notices(db, all.map((r) => r.id));
      const units = await repo.units(db, all.map((r) => r.id));
      return {
        items: all.map((r) => {
          const mine = notices.filter((n) => n.recallId === r.id);
          const loose = units.filter((u) => u.recallId === r.id && !u.organisationId).reduce((s, u) => s + u.units, 0);
          return {
            ...criteriaView(r),
            reason: r.reason,
            units_received: mine.reduce((s, n) => s + n.unitsReceived, 0) + loose,
            units_outstanding: mine.reduce((s, n) => s + outstanding(n), 0) + loose,
            organisations_told: mine.length,
            organisations_answered: mine.filter((n) => n.answeredAt).length,
          };
        }),
      };
    },

    async get(id: string): Promise<Recall> {
      const recall = await repo.byId(db, id);
      if (!recall) throw new AppError(404, RECALL_ERRORS.NOT_FOUND, 'No such recall');
      return staffView(db, recall);
    },

    /** The caller's organisation's recalls (`open`: not answered yet: the dashboard's banner); none for anyone else. */
    async mine(caller: Caller, open: boolean): Promise<MyRecallList> {
      if (caller.kind !== 'customer' || !caller.organisationId) return { items: [] };
      const found = await repo.noticesOf(db, caller.organisationId, open);
      const units = await repo.units(db, found.map((f) => f.recall.id), caller.organisationId);
      const items: MyRecall[] = [];
      for (const f of found) {
        const list = await deliveries(db, f.recall, units.filter((u) => u.recallId === f.recall.id));
        items.push(myView(f.recall, f.notice, list.get(caller.organisationId) ?? []));
      }
      return { items };
    },

    async myRecall(caller: Caller, id: string): Promise<MyRecall> {
      const { recall, notice, organisationId } = await noticeOf(caller, id);
      const list = await deliveries(db, recall, await repo.units(db, [id], organisationId));
      return myView(recall, notice, list.get(organisationId) ?? []);
    },

    async answer(caller: Caller, id: string, a: RecallAnswer): Promise<MyRecall> {
      const { notice, organisationId, userId } = await noticeOf(caller, id);
      if (a.units_on_hand + a.units_used > notice.unitsReceived) {
        throw new AppError(422, RECALL_ERRORS.ANSWER_EXCEEDS_RECEIVED, `Your organisation received ${notice.unitsReceived} units: on hand and used cannot count more`, [
          { path: 'units_on_hand', message: 'validation.tooBig.number', values: { count: notice.unitsReceived } },
        ]);
      }
      await repo.answer(db, id, organisationId, userId, { onHand: a.units_on_hand, used: a.units_used, toReturn: a.units_to_return });
      return this.myRecall(caller, id);
    },

    /** The follow-up as CSV for the competent authority: one row per delivery, with the organisation's answer. */
    async csv(id: string): Promise<{ reference: string; csv: string }> {
      const r = await this.get(id);
      const head = ['recall_id', 'reference', 'kind', 'gtin', 'organisation_id', 'organisation', 'told', 'told_at', 'answered_at', 'answered_by', 'units_on_hand', 'units_used', 'units_to_return', 'units_outstanding', 'order_number', 'shipment_id', 'shipped_on', 'lot', 'expiry_on', 'serial_numbers', 'units', 'delivery_address'];
      const rows = r.receivers.flatMap((o) =>
        o.deliveries.map((d) => [r.id, r.reference, r.kind, r.gtin, o.organisation_id, o.organisation_name, o.told.join(' '), o.told_at, o.answered_at, o.answered_by, o.units_on_hand, o.units_used, o.units_to_return, o.units_outstanding, d.order_number, d.shipment_id, d.shipped_on, d.lot, d.expiry_on, d.serial_numbers.join(' '), d.units, d.delivery_address]),
      );
      const csv = [head, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n');
      return { reference: r.reference ?? r.id, csv: `${csv}\r\n` };
    },
  };
}
export type RecallsService = ReturnType<typeof createRecallsService>;
