// Test documents shaped like the public cXML User's Guide samples (PunchOutSetupRequest), with the
// demo identity's credential; used by the API tests and the hostile-XML cases.
import { CXML_DTD } from '../protocol/cxml-envelope';

export interface SampleOptions {
  operation?: 'create' | 'edit' | 'inspect';
  secret?: string;
  senderIdentity?: string;
  browserFormPost?: string;
  buyerCookie?: string;
  items?: { code: string; quantity: number }[];
  lang?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

export function setupRequestXml(o: SampleOptions = {}): string {
  const items = (o.items ?? [])
    .map(
      (item, i) => `
      <ItemOut quantity="${item.quantity}" lineNumber="${i + 1}">
        <ItemID>
          <SupplierPartID>${esc(item.code)}</SupplierPartID>
          <SupplierPartAuxiliaryID></SupplierPartAuxiliaryID>
        </ItemID>
      </ItemOut>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "${CXML_DTD}">
<cXML payloadID="933695160890.2148@ariba.example" timestamp="2026-11-27T13:00:00-08:00" xml:lang="${o.lang ?? 'en-US'}">
  <Header>
    <From>
      <Credential domain="DUNS"><Identity>942888710</Identity></Credential>
      <Credential domain="NetworkID"><Identity>AN01000000001</Identity></Credential>
    </From>
    <To>
      <Credential domain="DUNS"><Identity>123456789</Identity></Credential>
    </To>
    <Sender>
      <Credential domain="NetworkID">
        <Identity>${esc(o.senderIdentity ?? 'DEMO-HOSPITAL-PROCUREMENT')}</Identity>
        <SharedSecret>${esc(o.secret ?? 'demo-punchout-secret')}</SharedSecret>
      </Credential>
      <UserAgent>Ariba Buyer 9.0</UserAgent>
    </Sender>
  </Header>
  <Request deploymentMode="test">
    <PunchOutSetupRequest operation="${o.operation ?? 'create'}">
      <BuyerCookie>${esc(o.buyerCookie ?? '34234234ADFSDF234234')}</BuyerCookie>
      <Extrinsic name="UserEmail">jmadden@buyer.example</Extrinsic>
      <Extrinsic name="CostCenter">610</Extrinsic>
      <BrowserFormPost><URL>${esc(o.browserFormPost ?? 'https://procurement.buyer.example/punchout?return=1&x=2')}</URL></BrowserFormPost>
      <Contact role="endUser">
        <Name xml:lang="en">Jim Madden</Name>
        <Email>jmadden@buyer.example</Email>
      </Contact>
      <SupplierSetup><URL>https://portal.example/api/punchout/cxml/setup</URL></SupplierSetup>${items}
    </PunchOutSetupRequest>
  </Request>
</cXML>`;
}

/** XXE: an external entity reading a local file. */
export const XXE_XML = `<?xml version="1.0"?>
<!DOCTYPE cXML [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
<cXML><Header><From><Credential domain="x"><Identity>&xxe;</Identity></Credential></From></Header></cXML>`;

/** Billion laughs: nested entity expansion. */
export const BILLION_LAUGHS_XML = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<cXML><Header>&lol4;</Header></cXML>`;
