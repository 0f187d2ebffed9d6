// The hospitals' UDI export (issue 42, decision 070): GET /v1/udi-export's query and codes. Its own
// module, also the non-shared entry `@portal/shared/schemas/udi-export`: the orders remote bundles it
// into the export page's lazy chunk, not into the orders entry every order page starts with.
import * as v from 'valibot';
import { inputString, IsoDateSchema } from './fields';
import { MESSAGE_KEYS as M } from './messages';

const text = (max: number) => v.pipe(inputString(M.required), v.trim(), v.nonEmpty(M.required), v.maxLength(max, M.tooBigString));

/** Stable codes of the UDI export (decision 070). */
export const UDI_EXPORT_ERRORS = {
  /** 403: staff have the supplier's own tracing; the export is a customer organisation's record. */
  CUSTOMERS_ONLY: 'UDI_EXPORT_CUSTOMERS_ONLY',
} as const;

/** Which devices: implantable or class III (what MDR Art. 27(8) asks a health institution to store), or every device with a UDI. */
export const UDI_EXPORT_DEVICES = ['implantable_or_class_iii', 'all'] as const;
/** `csv`: one row per unit (per serial, else per lot); `gs1`: the same units as GS1 element strings, one per line. */
export const UDI_EXPORT_FORMATS = ['csv', 'gs1'] as const;
/** The longest period one export covers (days, both ends included). */
export const UDI_EXPORT_MAX_DAYS = 366;

const days = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

/** GET /v1/udi-export: the UDIs the caller's organisation received, shipped between `from` and `to`. */
export const UdiExportQuerySchema = v.pipe(
  v.strictObject({
    from: IsoDateSchema,
    to: IsoDateSchema,
    /** One product by its article code; left out: every product. */
    product: v.optional(v.pipe(text(64), v.regex(/^[\p{L}\p{N}._/-]+$/u, M.invalidValue))),
    devices: v.optional(v.picklist(UDI_EXPORT_DEVICES, M.invalidValue), 'implantable_or_class_iii'),
    format: v.optional(v.picklist(UDI_EXPORT_FORMATS, M.invalidValue), 'csv'),
  }),
  v.forward(
    v.check((q) => q.from <= q.to, M.invalidDate),
    ['to'],
  ),
  v.forward(
    v.check((q) => q.from > q.to || days(q.from, q.to) <= UDI_EXPORT_MAX_DAYS, M.tooBigDate),
    ['to'],
  ),
);
export type UdiExportQuery = v.InferOutput<typeof UdiExportQuerySchema>;
