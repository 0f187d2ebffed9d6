// How a recall is shown (decisions 074 and 080): to the staff and the ERP with every receiver (each
// organisation's notice, each web-shop customer's, and the deliveries of orders whose account is
// gone), and to a receiver with their own deliveries and answer only. The deliveries are read back
// from the shipment and order each kept line names, in the same statement as the lines.
import type { MyRecall, Recall, RecallDelivery } from '@portal/shared/schemas';
import type { Db, Tx } from '../../db/client';
import { recallsRepository as repo, type AnyNotice, type DeliveredUnit, type StoredRecall } from './recalls.repository';
import type { RecallCriteria } from './recalls.receivers';

export const criteriaOf = (r: StoredRecall): RecallCriteria => ({ gtin: r.gtin, lots: r.lots, serialNumbers: r.serialNumbers, expiryFrom: r.expiryFrom, expiryTo: r.expiryTo });

/** Whose deliveries: an organisation's, a web-shop customer's, or nobody's left (an erased account). */
export const receiverKey = (organisationId: string | null, userId: string | null): string => (organisationId ? `org:${organisationId}` : userId ? `user:${userId}` : 'none');

export function criteriaView(r: StoredRecall) {
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
    corrected_at: r.correctedAt?.toISOString() ?? null,
    corrected_by: r.correctedBy,
    closed_at: r.closedAt?.toISOString() ?? null,
    closed_by: r.closedBy,
    closing_note: r.closingNote,
  };
}

/** The units' deliveries by receiver (receiverKey), with each line's order, shipment and address, in the units' order. */
export function deliveries(units: DeliveredUnit[]): Map<string, RecallDelivery[]> {
  const out = new Map<string, RecallDelivery[]>();
  for (const u of units) {
    const key = receiverKey(u.organisationId, u.userId);
    const list = out.get(key) ?? [];
    list.push({
      order_number: u.orderNumber,
      shipment_id: u.externalId,
      shipped_on: u.shippedOn,
      lot: u.lot,
      expiry_on: u.expiryOn,
      serial_numbers: u.serialNumbers,
      units: u.units,
      delivery_address: u.deliveryAddress,
    });
    out.set(key, list);
  }
  return out;
}

/** Units still in the field: all received until the receiver answers, then all but those it used. */
export const outstanding = (n: Pick<AnyNotice, 'unitsReceived' | 'answeredAt' | 'unitsUsed'>) => (n.answeredAt ? Math.max(n.unitsReceived - (n.unitsUsed ?? 0), 0) : n.unitsReceived);

const answer = (n: AnyNotice) => ({
  answered_at: n.answeredAt?.toISOString() ?? null,
  units_on_hand: n.unitsOnHand,
  units_used: n.unitsUsed,
  units_to_return: n.unitsToReturn,
});

/** The staff's and the ERP's view: every receiver, its notice, answer and deliveries. */
export async function staffView(db: Db | Tx, recall: StoredRecall): Promise<Recall> {
  const [notices, customers, units] = await Promise.all([repo.notices(db, [recall.id]), repo.customers(db, [recall.id]), repo.deliveredUnits(db, [recall.id])]);
  const byKey = deliveries(units);
  const receivers: Recall['receivers'] = notices.map((n) => ({
    organisation_id: n.organisationId,
    organisation_name: n.organisationName,
    customer_name: null,
    units_received: n.unitsReceived,
    told: n.told,
    told_at: n.toldAt.toISOString(),
    ...answer(n),
    answered_by: n.answeredBy,
    units_outstanding: outstanding(n),
    deliveries: byKey.get(receiverKey(n.organisationId, null)) ?? [],
  }));
  for (const c of customers) {
    receivers.push({
      organisation_id: null,
      organisation_name: '',
      customer_name: c.name,
      units_received: c.unitsReceived,
      told: c.toldAt ? [c.email.toLowerCase()] : [],
      told_at: c.toldAt?.toISOString() ?? null,
      ...answer(c),
      answered_by: c.answeredAt ? c.name : null,
      units_outstanding: outstanding(c),
      deliveries: byKey.get(receiverKey(null, c.userId)) ?? [],
    });
  }
  // Web-shop orders whose account is gone: listed for the authority, nobody left to tell.
  const loose = byKey.get('none');
  if (loose?.length) {
    const received = loose.reduce((s, d) => s + d.units, 0);
    receivers.push({ organisation_id: null, organisation_name: '', customer_name: null, units_received: received, told: [], told_at: null, answered_at: null, answered_by: null, units_on_hand: null, units_used: null, units_to_return: null, units_outstanding: received, deliveries: loose });
  }
  return {
    ...criteriaView(recall),
    reason: recall.reason,
    instructions: recall.instructions,
    units_received: receivers.reduce((s, r) => s + r.units_received, 0),
    units_outstanding: receivers.reduce((s, r) => s + r.units_outstanding, 0),
    organisations_told: notices.length,
    organisations_answered: notices.filter((n) => n.answeredAt).length,
    customers_told: customers.filter((c) => c.toldAt).length,
    customers_answered: customers.filter((c) => c.answeredAt).length,
    receivers,
  };
}

/** A receiver's own view: its units, deliveries and answer. */
export function myView(recall: StoredRecall, notice: AnyNotice, list: RecallDelivery[], receivedBy: MyRecall['received_by']): MyRecall {
  return {
    ...criteriaView(recall),
    received_by: receivedBy,
    reason: recall.reason,
    instructions: recall.instructions,
    units_received: notice.unitsReceived,
    ...answer(notice),
    deliveries: list,
  };
}
