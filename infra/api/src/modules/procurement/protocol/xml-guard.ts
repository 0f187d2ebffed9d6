// The gate before the parser (xml.ts) for XML from outside (a procurement system's cXML, a Peppol
// UBL order): a size limit, no DTD ever reaches the parser (no external entity is fetched, no entity
// is expanded: XXE and "billion laughs" are refused, not defused), and well-formedness checked by
// fast-xml-parser's validator. cXML always opens with a DOCTYPE naming its public DTD by URL: such a
// declaration WITHOUT an internal subset is dropped unread; one with an internal subset, or any
// ENTITY declaration, refuses the document.
import { XMLValidator } from 'fast-xml-parser';

/** A document refused by the gate or the parser: not XML, too large, or with a DTD subset or an entity. */
export class XmlRefused extends Error {
  override name = 'XmlRefused';
}

/** A DOCTYPE with no internal subset: `<!DOCTYPE name SYSTEM "…">` or `PUBLIC "…" "…"`. */
const PLAIN_DOCTYPE = /<!DOCTYPE\s+[A-Za-z_][\w.:-]*(\s+(SYSTEM\s+("[^"<>[\]]*"|'[^'<>[\]]*')|PUBLIC\s+("[^"<>[\]]*"|'[^'<>[\]]*')\s+("[^"<>[\]]*"|'[^'<>[\]]*')))?\s*>/;

/** `text` without its plain DOCTYPE, checked; throws XmlRefused (never anything else). */
export function guardedXml(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, 'utf8') > maxBytes) throw new XmlRefused(`The document is larger than ${maxBytes} bytes`);
  if (/<!ENTITY/i.test(text)) throw new XmlRefused('Entity declarations are not accepted');
  let body = text;
  const doctypes = text.match(/<!DOCTYPE/gi)?.length ?? 0;
  if (doctypes > 1) throw new XmlRefused('Only one DOCTYPE is accepted');
  if (doctypes === 1) {
    const plain = PLAIN_DOCTYPE.exec(text);
    if (!plain) throw new XmlRefused('A DOCTYPE with an internal subset is not accepted');
    // Dropped unread: the parser never sees a DTD, so it can neither fetch nor expand one.
    body = text.slice(0, plain.index) + text.slice(plain.index + plain[0].length);
  }
  const valid = XMLValidator.validate(body);
  if (valid !== true) throw new XmlRefused(`Not well-formed XML (line ${valid.err.line}): ${valid.err.msg.slice(0, 200)}`);
  return body;
}
