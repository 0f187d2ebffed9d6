// SAP OCI 4.0/5.0 (Open Catalog Interface): the cart goes back as form fields NEW_ITEM-<FIELD>[n]
// (n from 1) posted to the HOOK_URL, into the `~TARGET` frame when one was named. Values are cut to
// the lengths OCI defines (SAP truncates or refuses longer ones); numbers use a decimal point; the
// long text is one field `NEW_ITEM-LONGTEXT_<n>:132[]`. The form is posted in UTF-8 (OCI 5.0; SAP
// systems with OCI 4.0 read it as the page declares it, accept-charset on the form).
import type { MessageLine } from './cxml';
import { money } from './cxml';

const cut = (value: string, length: number) => [...value].slice(0, length).join('');

/** The NEW_ITEM fields of the lines, in order, as name/value pairs (a name may repeat for no field). */
export function ociFields(lines: MessageLine[]): [string, string][] {
  const fields: [string, string][] = [];
  lines.forEach((line, i) => {
    const n = i + 1;
    const put = (name: string, value: string, length: number) => fields.push([`NEW_ITEM-${name}[${n}]`, cut(value, length)]);
    put('DESCRIPTION', line.description, 40);
    put('QUANTITY', String(line.quantity), 15);
    put('UNIT', line.unit, 3);
    put('PRICE', money(line.unitPriceCents), 15);
    put('PRICEUNIT', '1', 5);
    put('CURRENCY', line.currency, 5);
    // Delivery time in days: the portal promises none per line; 1 is "from stock".
    put('LEADTIME', '1', 5);
    put('VENDORMAT', line.articleCode, 40);
    put('EXT_PRODUCT_ID', line.articleCode, 40);
    if (line.manufacturerPartId) put('MANUFACTMAT', line.manufacturerPartId, 40);
    put('MATGROUP', line.unspsc ?? '', 10);
    fields.push([`NEW_ITEM-LONGTEXT_${n}:132[]`, line.description]);
  });
  return fields;
}
