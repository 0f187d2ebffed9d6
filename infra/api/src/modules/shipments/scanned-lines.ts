// A report line's scan turned into the structured fields the shipments store (decision 079): the one
// place that reads `element_string`, with the project's GS1 parser (decision 069). What comes out
// is a line as if the warehouse had sent `gtin`, `lot`, `expiry_on` and `serial_numbers`, so the lot
// index, the recall guard, the despatch advice, the invoice and the delivery note see no difference.
import { GS1_ERRORS, parseGs1 } from '@portal/shared/gs1';
import { MESSAGE_KEYS, SHIPMENT_ERRORS, type FieldError, type ShipmentReport } from '@portal/shared/schemas';
import { AppError } from '../../errors';

type ReportLine = ShipmentReport['lines'][number];
/** A line with the scan read into its fields (and `element_string` gone). */
export type StructuredLine = Omit<ReportLine, 'element_string'>;

/** The line's fields from its scan, or why the scan is refused. */
function read(line: ReportLine, i: number): { line: StructuredLine } | { errors: FieldError[] } {
  const { element_string: scan, ...rest } = line;
  if (scan === undefined) return { line: rest };
  const path = `lines.${i}.element_string`;
  // The warehouse's system sends what the scanner read with its separators: GS1's own reading.
  const parsed = parseGs1(scan, { separators: 'trusted' });
  if (!parsed.ok) {
    const { code, ai, position, messageKey } = parsed.error;
    return { errors: [{ path, message: messageKey, values: { code, ...(ai ? { ai } : {}), ...(position !== undefined ? { position } : {}) } }] };
  }
  // An SSCC or a logistic unit's content (AI 02) names no unit of the order line.
  if (!parsed.gtin) return { errors: [{ path, message: MESSAGE_KEYS.required, values: { code: GS1_ERRORS.requiredAiMissing, ai: '01' } }] };
  // A serial names one unit: the line is that unit (a parcel of several units reports one line per scan).
  if (parsed.serial !== undefined && line.quantity !== 1) {
    return { errors: [{ path: `lines.${i}.quantity`, message: MESSAGE_KEYS.tooBigNumber, values: { count: 1 } }] };
  }
  return {
    line: {
      ...rest,
      gtin: parsed.gtin,
      ...(parsed.lot !== undefined ? { lot: parsed.lot } : {}),
      ...(parsed.expiry !== undefined ? { expiry_on: parsed.expiry } : {}),
      ...(parsed.serial !== undefined ? { serial_numbers: [parsed.serial] } : {}),
    },
  };
}

/**
 * The report's lines with every scan read; 422 SHIPMENT_ELEMENT_STRING_INVALID naming each refused
 * line (all of them at once, so the warehouse fixes a report in one go).
 */
export function structuredLines(lines: readonly ReportLine[]): StructuredLine[] {
  const results = lines.map(read);
  const errors = results.flatMap((r) => ('errors' in r ? r.errors : []));
  if (errors.length) {
    throw new AppError(422, SHIPMENT_ERRORS.ELEMENT_STRING_INVALID, 'A line\'s element_string is not a GS1 barcode of one trade item (AI 01), or names a serial on a line of more than one unit', errors);
  }
  return results.map((r) => (r as { line: StructuredLine }).line);
}
