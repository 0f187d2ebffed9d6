// The API's few HTML pages and mails (newsletter links, the development payment page, the mailbox)
// put text and attribute values into markup: one escape for all of them.

/** Escapes text for HTML content and for single- or double-quoted attribute values. */
export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
