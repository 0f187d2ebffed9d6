// The one gate for XML from outside (a procurement system's cXML, a Peppol UBL order): a size
// limit, no DTD ever reaches a parser (no external entity is fetched, no entity is expanded: XXE and
// "billion laughs" are refused, not defused), and well-formedness checked by fast-xml-parser's
// validator. cXML always opens with a DOCTYPE naming its public DTD by URL: such a declaration
// WITHOUT an internal subset is dropped unread; one with an internal subset, or any ENTITY
// declaration, refuses the document. Each reader then parses the body this returns its own way.
import { XMLValidator } from 'fast-xml-parser';

export class UnsafeXmlError extends Error {
  override name = 'UnsafeXmlError';
}

/** A DOCTYPE with no internal subset: `<!DOCTYPE name SYSTEM "…">` or `PUBLIC "…" "…"`. */
const PLAIN_DOCTYPE = /<!DOCTYPE\s+[A-Za-z_][\w.:-]*(\s+(SYSTEM\s+("[^"<>[\]]*"|'[^'<>[\]]*')|PUBLIC\s+("[^"<>[\]]*"|'[^'<>[\]]*')\s+("[^"<>[\]]*"|'[^'<>[\]]*')))?\s*>/;

/** `text` without its plain DOCTYPE, checked; throws UnsafeXmlError (never anything else). */
export function guardedXml(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text, 'utf8') > maxBytes) throw new UnsafeXmlError(`The document is larger than ${maxBytes} bytes`);
  if (/<!ENTITY/i.test(text)) throw new UnsafeXmlError('Entity declarations are not accepted');
  let body = text;
  const doctypes = text.match(/<!DOCTYPE/gi)?.length ?? 0;
  if (doctypes > 1) throw new UnsafeXmlError('Only one DOCTYPE is accepted');
  if (doctypes === 1) {
    const plain = PLAIN_DOCTYPE.exec(text);
    if (!plain) throw new UnsafeXmlError('A DOCTYPE with an internal subset is not accepted');
    // Dropped unread: the parser never sees a DTD, so it can neither fetch nor expand one.
    body = text.slice(0, plain.index) + text.slice(plain.index + plain[0].length);
  }
  const valid = XMLValidator.validate(body);
  if (valid !== true) throw new UnsafeXmlError(`Not well-formed XML (line ${valid.err.line}): ${valid.err.msg.slice(0, 200)}`);
  return body;
}
