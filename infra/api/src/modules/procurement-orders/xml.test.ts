// The XML reader of the procurement orders: what it refuses before any parser sees it (entities,
// internal subsets, oversize) and what it reads (cXML's DOCTYPE naming its public DTD, namespaces).
import { describe, expect, it } from 'vitest';
import { children, MAX_XML_BYTES, parseXml, textAt, XmlRefused } from './xml';

const refused = (text: string) => {
  expect(() => parseXml(text)).toThrow(XmlRefused);
};

describe('parseXml', () => {
  it('refuses entity declarations, internal subsets, two DOCTYPEs, oversize and what is not XML', () => {
    refused('<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>');
    refused('<!DOCTYPE a [<!ENTITY l "lol"><!ENTITY l2 "&l;&l;&l;">]><a>&l2;</a>');
    refused('<!DOCTYPE a SYSTEM "a.dtd" [<!ATTLIST a b CDATA "c">]><a/>');
    refused('<!DOCTYPE a [ <!ENTITY % p SYSTEM "http://example.com/p.dtd"> %p; ]><a/>');
    refused('<!DOCTYPE a SYSTEM "a.dtd"><!DOCTYPE b SYSTEM "b.dtd"><a/>');
    refused(`<a>${'x'.repeat(MAX_XML_BYTES)}</a>`);
    refused('not xml');
    refused('');
  });

  it("drops cXML's DOCTYPE naming its public DTD unread and reads the document", () => {
    const root = parseXml('<?xml version="1.0"?>\n<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">\n<cXML><Header><From>x</From></Header></cXML>');
    expect(root.localName).toBe('cXML');
    expect(textAt(root, ['', 'Header'], ['', 'From'])).toBe('x');
  });

  it('reads elements by namespace and local name', () => {
    const root = parseXml('<o:Order xmlns:o="urn:o" xmlns:c="urn:c"><c:ID> 7 </c:ID><c:ID>8</c:ID><ID>no</ID></o:Order>');
    expect(children(root, 'urn:c', 'ID')).toHaveLength(2);
    expect(textAt(root, ['urn:c', 'ID'])).toBe('7');
  });
});
