// The setup request read from the cXML samples (what the XML reader refuses: protocol/xml.test.ts).
import { describe, expect, it } from 'vitest';
import { readSetupRequest } from './cxml';
import { setupRequestXml } from './cxml-samples';

describe('readSetupRequest', () => {
  it('reads a PunchOutSetupRequest shaped like the cXML samples, with its external DTD line', () => {
    const request = readSetupRequest(setupRequestXml({ operation: 'edit', items: [{ code: 'A-1', quantity: 2 }, { code: 'B & 2', quantity: 1 }] }));
    expect(request).toMatchObject({
      operation: 'edit',
      from: { domain: 'DUNS', identity: '942888710' },
      to: { domain: 'DUNS', identity: '123456789' },
      sender: { domain: 'NetworkID', identity: 'DEMO-HOSPITAL-PROCUREMENT', secret: 'demo-punchout-secret' },
      buyerCookie: '34234234ADFSDF234234',
      browserFormPost: 'https://procurement.buyer.example/punchout?return=1&x=2',
      items: [{ code: 'A-1', quantity: 2 }, { code: 'B & 2', quantity: 1 }],
      locale: 'en',
    });
  });
});
