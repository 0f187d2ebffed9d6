// The XML reader refuses what could read files or expand without bound, and reads the cXML samples.
import { describe, expect, it } from 'vitest';
import { readSetupRequest } from './cxml';
import { BILLION_LAUGHS_XML, setupRequestXml, XXE_XML } from './cxml-samples';
import { MAX_XML_BYTES, parseSafeXml, UnsafeXmlError } from './safe-xml';

describe('safe XML', () => {
  it('refuses an internal DTD subset, entity declarations, a second DOCTYPE and oversized documents', () => {
    expect(() => parseSafeXml(XXE_XML)).toThrow(UnsafeXmlError);
    expect(() => parseSafeXml(BILLION_LAUGHS_XML)).toThrow(UnsafeXmlError);
    expect(() => parseSafeXml('<!DOCTYPE a SYSTEM "a.dtd"><!DOCTYPE b SYSTEM "b.dtd"><a/>')).toThrow(UnsafeXmlError);
    expect(() => parseSafeXml(`<a>${'x'.repeat(MAX_XML_BYTES)}</a>`)).toThrow(UnsafeXmlError);
    expect(() => parseSafeXml('<a><b></a>')).toThrow(UnsafeXmlError);
  });

  it('leaves undeclared entities as they are and decodes the predefined ones', () => {
    const doc = parseSafeXml('<a><b>&amp;&lt;&unknown;</b></a>') as { a: { b: string } };
    expect(doc.a.b).toBe('&<&unknown;');
  });

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
