// A cXML OrderRequest as a procurement system sends one after a punchout (issue 34, decision 053),
// shaped like the cXML User's Guide's sample, and the procurement identity that may send it: for the
// procurement owner's tests and for other owners' (the operations page counts such an order).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashProcurementSecret } from '../modules/procurement/identities';
import { procurementIdentities } from '../modules/procurement/tables';
import { query } from './demo-buyers';

/** Gives the buyer's organisation a cXML procurement identity (NetworkID `identity`) that orders in the buyer's name. */
export async function addCxmlIdentity(app: FastifyInstance, buyerEmail: string, identity: string, secret: string): Promise<void> {
  const [buyer] = await query<{ user_id: string; organisation_id: string }>(
    app,
    sql`select m.user_id, m.organisation_id from memberships m join users u on u.id = m.user_id where u.email = ${buyerEmail}`,
  );
  await app.database.db.insert(procurementIdentities).values({
    organisationId: buyer!.organisation_id,
    protocol: 'cxml',
    domain: 'NetworkID',
    identity,
    secretHash: await hashProcurementSecret(secret),
    userId: buyer!.user_id,
    returnOrigins: ['https://procurement.example'],
  });
}

export interface CxmlItem {
  code: string;
  quantity: number | string;
  price?: string;
}

/** An OrderRequest like the cXML User's Guide's sample (DOCTYPE, From/To/Sender, header with ShipTo/BillTo, ItemOut lines). */
export function cxmlOrderRequest(orderId: string, items: CxmlItem[], opts: { secret: string; identity: string; type?: string }) {
  const lines = items
    .map(
      (it, i) => `
      <ItemOut quantity="${it.quantity}" lineNumber="${i + 1}">
        <ItemID><SupplierPartID>${it.code}</SupplierPartID></ItemID>
        <ItemDetail>
          ${it.price ? `<UnitPrice><Money currency="EUR">${it.price}</Money></UnitPrice>` : ''}
          <Description xml:lang="en">Item ${i + 1}</Description>
          <UnitOfMeasure>EA</UnitOfMeasure>
        </ItemDetail>
      </ItemOut>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="${randomUUID()}@buyer.example" timestamp="2026-11-27T10:00:00+01:00" xml:lang="en-US">
  <Header>
    <From><Credential domain="NetworkID"><Identity>${opts.identity}</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>999999922</Identity></Credential></To>
    <Sender>
      <Credential domain="NetworkID"><Identity>${opts.identity}</Identity><SharedSecret>${opts.secret}</SharedSecret></Credential>
      <UserAgent>Procurement test</UserAgent>
    </Sender>
  </Header>
  <Request deploymentMode="test">
    <OrderRequest>
      <OrderRequestHeader orderID="${orderId}" orderDate="2026-11-27T10:00:00+01:00" type="${opts.type ?? 'new'}">
        <Total><Money currency="EUR">0.00</Money></Total>
        <ShipTo><Address addressID="NO-SUCH" isoCountryCode="BE"><Name xml:lang="en">Ward 3</Name>
          <PostalAddress><Street>Nowhere 1</Street><City>Antwerpen</City><PostalCode>2000</PostalCode><Country isoCountryCode="BE">Belgium</Country></PostalAddress></Address></ShipTo>
        <Comments xml:lang="en">Deliver to ward 3</Comments>
      </OrderRequestHeader>${lines}
    </OrderRequest>
  </Request>
</cXML>`;
}
