// The Belgian structured communication ("gestructureerde mededeling", OGM-VCS) that identifies an
// invoice in a bank transfer: ten digits taken from the invoice number and a mod-97 check of two,
// shown as +++123/4567/89012+++. Banks check the two last digits, so a mistyped reference is refused
// at the payer's bank instead of arriving as an unknown payment.

/** Ten digits from the invoice number: `2026-000042` → `2026000042` (left-padded, the last ten when longer). */
export function referenceDigits(invoiceNumber: string): string {
  const digits = invoiceNumber.replace(/\D/g, '');
  if (digits === '') throw new Error(`invoice number without digits: ${invoiceNumber}`);
  return digits.slice(-10).padStart(10, '0');
}

function check(ten: string): string {
  const remainder = Number(BigInt(ten) % 97n);
  return String(remainder === 0 ? 97 : remainder).padStart(2, '0');
}

/** `+++202/6000/04246+++` for invoice `2026-000042`. */
export function structuredCommunication(invoiceNumber: string): string {
  const twelve = referenceDigits(invoiceNumber) + check(referenceDigits(invoiceNumber));
  return `+++${twelve.slice(0, 3)}/${twelve.slice(3, 7)}/${twelve.slice(7)}+++`;
}

/** True for a well-formed communication (with `+++` or `***` around it, or bare twelve digits) whose check digits match. */
export function isValidStructuredCommunication(value: string): boolean {
  const match = /^(?:\+{3}|\*{3})?(\d{3})\/?(\d{4})\/?(\d{5})(?:\+{3}|\*{3})?$/.exec(value.trim());
  if (!match) return false;
  const twelve = match.slice(1, 4).join('');
  return check(twelve.slice(0, 10)) === twelve.slice(10);
}
