// The one XML reader of procurement documents: what it refuses before the parser sees it (entities,
// internal subsets, oversize by the document's kind) and what it reads (cXML's DOCTYPE naming its
// public DTD, namespaces, the predefined entities). These cases were the tests of the punchout's
// safe-xml.ts and the procurement orders' xml.ts, each against its own limit.
import { describe, expect, it } from 'vitest';
import { BILLION_LAUGHS_XML, XXE_XML } from '../punchout/cxml-samples';
import { children, readXml, textAt, XML_LIMITS, XmlRefused, type XmlDocumentKind } from './xml';

const refused = (text: string, kind: XmlDocumentKind = 'peppolOrder') => {
  expect(() => readXml(text, kind)).toThrow(XmlRefused);
};

describe('readXml', () => {
  it('refuses entity declarations, internal subsets, two DOCTYPEs, oversize and what is not XML', () => {
    refused('<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>');
    refused('<!DOCTYPE a [<!ENTITY l "lol"><!ENTITY l2 "&l;&l;&l;">]><a>&l2;</a>');
    refused('<!DOCTYPE a SYSTEM "a.dtd" [<!ATTLIST a b CDATA "c">]><a/>');
    refused('<!DOCTYPE a [ <!ENTITY % p SYSTEM "http://example.com/p.dtd"> %p; ]><a/>');
    refused('<!DOCTYPE a SYSTEM "a.dtd"><!DOCTYPE b SYSTEM "b.dtd"><a/>');
    refused(`<a>${'x'.repeat(XML_LIMITS.peppolOrder)}</a>`);
    refused('not xml');
    refused('');
  });

  it("refuses the punchout's hostile samples, a second DOCTYPE, a setup request over its limit and what is not well-formed", () => {
    refused(XXE_XML, 'punchoutSetup');
    refused(BILLION_LAUGHS_XML, 'punchoutSetup');
    refused('<!DOCTYPE a SYSTEM "a.dtd"><!DOCTYPE b SYSTEM "b.dtd"><a/>', 'punchoutSetup');
    refused(`<a>${'x'.repeat(XML_LIMITS.punchoutSetup)}</a>`, 'punchoutSetup');
    refused('<a><b></a>', 'punchoutSetup');
  });

  it('refuses nesting beyond its depth and an undeclared namespace prefix', () => {
    refused(`<a>${'<b>'.repeat(150)}${'</b>'.repeat(150)}</a>`);
    refused('<a><p:b/></a>');
  });

  it('leaves undeclared entities as they are and decodes the predefined ones', () => {
    expect(textAt(readXml('<a><b>&amp;&lt;&unknown;</b></a>', 'punchoutSetup'), ['', 'b'])).toBe('&<&unknown;');
  });

  it('decodes character references in text and attributes, and keeps CDATA as written', () => {
    const root = readXml('<a n="caf&#233;&amp;co"><b>&#x41;&#66;</b><c><![CDATA[&amp;<x>]]></c></a>', 'cxmlOrder');
    expect(root.getAttribute('n')).toBe('café&co');
    expect(textAt(root, ['', 'b'])).toBe('AB');
    expect(textAt(root, ['', 'c'])).toBe('&amp;<x>');
  });

  it("drops cXML's DOCTYPE naming its public DTD unread and reads the document", () => {
    const root = readXml('<?xml version="1.0"?>\n<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">\n<cXML><Header><From>x</From></Header></cXML>', 'cxmlOrder');
    expect(root.localName).toBe('cXML');
    expect(textAt(root, ['', 'Header'], ['', 'From'])).toBe('x');
  });

  it('reads elements by namespace and local name', () => {
    const root = readXml('<o:Order xmlns:o="urn:o" xmlns:c="urn:c"><c:ID> 7 </c:ID><c:ID>8</c:ID><ID>no</ID></o:Order>', 'peppolOrder');
    expect(children(root, 'urn:c', 'ID')).toHaveLength(2);
    expect(textAt(root, ['urn:c', 'ID'])).toBe('7');
  });

  it('reads a default namespace and one declared again on a child', () => {
    const root = readXml('<Order xmlns="urn:o" xmlns:c="urn:c"><c:ID xmlns:c="urn:other">1</c:ID><c:ID>2</c:ID></Order>', 'peppolOrder');
    expect(root.namespaceURI).toBe('urn:o');
    expect(textAt(root, ['urn:other', 'ID'])).toBe('1');
    expect(textAt(root, ['urn:c', 'ID'])).toBe('2');
  });
});
