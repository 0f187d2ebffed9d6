// The supplier's records coming in (issue 29 "In", decision 049): one line of a bulk NDJSON import
// or one single-record body per kind, the bulk job a client follows, and the stable codes of a
// refused line. Each record carries the sender's `version` (a counter or a timestamp in epoch
// milliseconds): a stored record only changes for a higher version, so a replay or an older update
// changes nothing (answered `unchanged`).
import * as v from 'valibot';
import { ImportedAddressesSchema, ImportedUsersSchema } from './customer-import-parts';
import { EmailSchema, IsoDateSchema, inputString } from './fields';
import { CLIENT_TYPES, ORGANISATION_TYPES } from './organisation';
import { MDR_CLASSES } from './medical-device';
import { NsnSchema } from './product';
import { PRODUCT_SHOPS } from './shops';
import { GtinSchema, gtinCheckDigitOk } from './gtin';
import { VatNumberSchema } from './vat-number';

// The kinds, the job and its refused lines are in ./import-jobs, which the staff page reads without
// the record schemas' validators.
export * from './import-jobs';

/** Stable codes: of a refused line (in the job's refusals) and of the bulk routes' own 4xx answers. */
export const IMPORT_ERRORS = {
  /** The line is not one JSON value. */
  BAD_JSON: 'IMPORT_BAD_JSON',
  /** The line is JSON but not a record of the kind (field and reason in the message). */
  INVALID_RECORD: 'IMPORT_INVALID_RECORD',
  /** The line is longer than the most a line may be. */
  LINE_TOO_LONG: 'IMPORT_LINE_TOO_LONG',
  /** A GTIN whose GS1 check digit is wrong. */
  GTIN_CHECK_DIGIT: 'GTIN_CHECK_DIGIT',
  /** A category code the taxonomy does not have. */
  UNKNOWN_CATEGORY: 'IMPORT_UNKNOWN_CATEGORY',
  /** A bundle naming a component that exists neither in the catalogue nor earlier in its batch. */
  UNKNOWN_COMPONENT: 'IMPORT_UNKNOWN_COMPONENT',
  /** A stock or price line for an article code the catalogue does not have. */
  UNKNOWN_PRODUCT: 'IMPORT_UNKNOWN_PRODUCT',
  /** A contract for a customer number no organisation has. */
  UNKNOWN_CUSTOMER: 'IMPORT_UNKNOWN_CUSTOMER',
  /** A contract price for a contract number no contract has. */
  UNKNOWN_CONTRACT: 'IMPORT_UNKNOWN_CONTRACT',
  /** A case manager's e-mail address that is not the supplier's staff. */
  UNKNOWN_CASE_MANAGER: 'IMPORT_UNKNOWN_CASE_MANAGER',
  /** The contract's dates: its end before its start. */
  CONTRACT_DATES: 'IMPORT_CONTRACT_DATES',
  /** A new product whose address (slug, from its article code) another product already has. */
  SLUG_TAKEN: 'IMPORT_SLUG_TAKEN',
  /** A user to invite whose e-mail address has an account outside the organisation (staff or another customer's). */
  USER_ELSEWHERE: 'IMPORT_USER_ELSEWHERE',
  /** 404: no job with this id for this client. */
  JOB_NOT_FOUND: 'IMPORT_JOB_NOT_FOUND',
  /** 409: the job is another kind's, or another request is sending it right now. */
  JOB_CONFLICT: 'IMPORT_JOB_CONFLICT',
  /** 422: the uploaded file is not a JPEG, PNG or WebP picture sharp can read. */
  NOT_AN_IMAGE: 'IMPORT_NOT_AN_IMAGE',
  /** 415: a bulk body must be application/x-ndjson. */
  NOT_NDJSON: 'IMPORT_NOT_NDJSON',
} as const;

/** The sales units the catalogue's vocabulary names in en, nl and fr (modules/catalog/products/vocabulary.ts). */
export const SALES_UNITS = ['piece', 'carton', 'bundle', 'box', 'kit', 'pack', 'pair', 'set'] as const;

/** The sender's version of a record: a counter or epoch milliseconds, a safe non-negative integer. */
export const SourceVersionSchema = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

/** A supplier's article code: the key of a product in every kind. */
export const ArticleCodeSchema = v.pipe(inputString(), v.trim(), v.minLength(1), v.maxLength(64), v.regex(/^[\p{L}\p{N}._/-]+$/u, 'letters, digits, dots, dashes, slashes and underscores only'));

const text = (max: number) => v.pipe(inputString(), v.trim(), v.maxLength(max));
const name = v.pipe(inputString(), v.trim(), v.minLength(1), v.maxLength(200));
const translation = v.strictObject({ name, description: v.optional(text(10_000), '') });

/** A UDI-DI as GS1 issues it: a GTIN-14 whose last digit is its check digit. */
const UdiDiSchema = v.pipe(inputString(), v.regex(/^\d{14}$/, 'a UDI-DI is a GTIN-14: 14 digits'), v.check(gtinCheckDigitOk, 'the UDI-DI\'s last digit is not its GS1 check digit'));
/** A NATO Stock Number as the catalogue's (dashes optional), stored with its dashes: NNNN-NN-NNN-NNNN. */
const ImportNsnSchema = v.pipe(
  inputString(),
  v.check((s: string) => v.is(NsnSchema, s), 'an NSN is NNNN-NN-NNN-NNNN'),
  v.transform((s: string) => s.replace(/-/g, '').replace(/^(\d{4})(\d{2})(\d{3})(\d{4})$/, '$1-$2-$3-$4')),
);

/** One product (kind `products`, scope catalog:write), keyed by its article code. */
export const ProductRecordSchema = v.pipe(v.strictObject({
  article_code: ArticleCodeSchema,
  version: SourceVersionSchema,
  translations: v.strictObject({ en: translation, nl: translation, fr: translation }),
  brand: name,
  /** A sub-category's code (slug) in the taxonomy. */
  category: v.pipe(inputString(), v.trim(), v.minLength(1), v.maxLength(100)),
  specs: v.optional(v.pipe(v.record(v.pipe(inputString(), v.minLength(1), v.maxLength(100)), text(500)), v.maxEntries(100)), {}),
  /** A sales unit the catalogue names in every language (the API's vocabulary). */
  unit: v.optional(v.picklist(SALES_UNITS), 'piece'),
  /** List price excluding VAT in cents; null: price on request. */
  price_cents: v.nullable(v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(100_000_000))),
  /** VAT rate in basis points (2100 = 21 %). */
  vat_rate_bp: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(10_000)), 2100),
  vat_category: v.optional(v.nullable(v.picklist(['Z', 'E'])), null),
  gtin: v.optional(v.nullable(GtinSchema), null),
  nsn: v.optional(v.nullable(ImportNsnSchema), null),
  /** The UDI-DI where it is not the GTIN: a GTIN-14 with its check digit (decision 070). */
  udi_di: v.optional(v.nullable(UdiDiSchema), null),
  /** A medical device's MDR class; null: not a medical device (the flags below then say nothing). */
  mdr_class: v.optional(v.nullable(v.picklist(MDR_CLASSES)), null),
  implantable: v.optional(v.boolean(), false),
  single_use: v.optional(v.boolean(), false),
  active: v.optional(v.boolean(), true),
  shop: v.optional(v.picklist(PRODUCT_SHOPS), 'both'),
  contract_only: v.optional(v.boolean(), false),
  /** A bundle's lines: components by article code (known before, or earlier in the same batch). */
  bundle: v.optional(
    v.pipe(v.array(v.strictObject({ article_code: ArticleCodeSchema, quantity: v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.maxValue(10_000)) })), v.minLength(1), v.maxLength(100)),
  ),
  }),
  // A device's own facts without its class would be shown and exported as nothing: the PIM says the class.
  v.forward(
    v.check((r) => r.mdr_class !== null || (!r.implantable && !r.single_use && r.udi_di === null), 'mdr_class: a medical device (UDI-DI, implantable or single use) needs its MDR class'),
    ['mdr_class'],
  ),
);
export type ProductRecord = v.InferOutput<typeof ProductRecordSchema>;

/**
 * One stock update (kind `stock`, scope stock:write): an absolute level with the sender's version, or
 * a delta with its own id (applied once, whatever its order; the level never goes below 0). With a
 * level, `restock_date`: when a product out of stock is expected back (null clears it; left out keeps it).
 */
export const StockRecordSchema = v.union([
  v.strictObject({
    article_code: ArticleCodeSchema,
    level: v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(1_000_000_000)),
    version: SourceVersionSchema,
    restock_date: v.optional(v.nullable(IsoDateSchema)),
  }),
  v.strictObject({
    article_code: ArticleCodeSchema,
    delta: v.pipe(v.number(), v.safeInteger(), v.minValue(-1_000_000_000), v.maxValue(1_000_000_000)),
    delta_id: v.pipe(inputString(), v.minLength(1), v.maxLength(100)),
  }),
]);
export type StockRecord = v.InferOutput<typeof StockRecordSchema>;

const optionalTexts = (max: number) => v.optional(v.strictObject({ en: v.optional(text(max)), nl: v.optional(text(max)), fr: v.optional(text(max)) }), {});

/**
 * One line of kind `prices` (scope prices:write): a contract of an organisation (by its customer
 * number), or one contract price (contract number + article code). Each carries its own version. A
 * contract is applied before the prices of the same batch, so a file may list a contract and then
 * its prices.
 */
export const PriceRecordSchema = v.variant('type', [
  v.strictObject({
    type: v.literal('contract'),
    number: v.pipe(inputString(), v.trim(), v.minLength(1), v.maxLength(64)),
    customer_number: v.pipe(inputString(), v.trim(), v.minLength(1), v.maxLength(64)),
    version: SourceVersionSchema,
    /** The contract's name: English required, Dutch and French shown to readers of those languages. */
    name: v.strictObject({ en: name, nl: v.optional(name), fr: v.optional(name) }),
    status: v.optional(v.picklist(['draft', 'active', 'expired']), 'active'),
    starts_on: IsoDateSchema,
    ends_on: v.optional(v.nullable(IsoDateSchema), null),
    payment_term_days: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(365)), 30),
    conditions: optionalTexts(10_000),
  }),
  v.strictObject({
    type: v.literal('price'),
    contract_number: v.pipe(inputString(), v.trim(), v.minLength(1), v.maxLength(64)),
    article_code: ArticleCodeSchema,
    version: SourceVersionSchema,
    /** The contract price excluding VAT in cents; null: on request within the contract. */
    price_cents: v.nullable(v.pipe(v.number(), v.safeInteger(), v.minValue(0), v.maxValue(100_000_000))),
  }),
]);
export type PriceRecord = v.InferOutput<typeof PriceRecordSchema>;
export type ContractRecord = Extract<PriceRecord, { type: 'contract' }>;
export type ContractPriceRecord = Extract<PriceRecord, { type: 'price' }>;

/**
 * One organisation (kind `customers`, scope customers:write), keyed by its customer number, with its
 * addresses (absent: left as they are) and the people to invite (decision 049).
 */
export const CustomerRecordSchema = v.strictObject({
  customer_number: v.pipe(inputString(), v.trim(), v.minLength(1), v.maxLength(64)),
  version: SourceVersionSchema,
  name,
  vat_number: v.optional(v.nullable(VatNumberSchema), null),
  /** The Belgian enterprise number (KBO/BCE), 10 digits (dots allowed). */
  enterprise_number: v.optional(v.nullable(v.pipe(inputString(), v.transform((s: string) => s.replace(/[\s.]/g, '')), v.regex(/^[01]\d{9}$/, 'an enterprise number has 10 digits'))), null),
  /** `scheme:id`, e.g. `0208:0412345678`. */
  peppol_participant_id: v.optional(v.nullable(v.pipe(inputString(), v.regex(/^\d{4}:[A-Za-z0-9._-]{1,50}$/, 'a Peppol participant id is scheme:id, e.g. 0208:0412345678'))), null),
  client_type: v.picklist(CLIENT_TYPES),
  organisation_type: v.picklist(ORGANISATION_TYPES),
  country: v.pipe(inputString(), v.regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 country code')),
  /** The supplier's staff member who manages the customer, by e-mail address. */
  case_manager_email: v.optional(v.nullable(EmailSchema), null),
  addresses: v.optional(ImportedAddressesSchema),
  users: v.optional(ImportedUsersSchema, []),
});
export type CustomerRecord = v.InferOutput<typeof CustomerRecordSchema>;

/** PUT /api/integration/v1/stock/{articleCode}: one stock record without its key (the path names it). */
export const StockUpdateBodySchema = v.union([
  v.strictObject({ level: StockRecordSchema.options[0].entries.level, version: SourceVersionSchema, restock_date: v.optional(v.nullable(IsoDateSchema)) }),
  v.strictObject({ delta: StockRecordSchema.options[1].entries.delta, delta_id: StockRecordSchema.options[1].entries.delta_id }),
]);
export const ArticleCodeParamsSchema = v.object({ articleCode: ArticleCodeSchema });

/** PUT /api/integration/v1/products/{articleCode}/images: the gallery position and the picture's alt text. */
export const ProductImageQuerySchema = v.object({
  position: v.optional(v.pipe(v.string(), v.regex(/^\d{1,2}$/, 'a position from 0 to 99'), v.transform(Number)), '0'),
  alt_en: v.optional(v.pipe(inputString(), v.trim(), v.maxLength(200)), ''),
  alt_nl: v.optional(v.pipe(inputString(), v.trim(), v.maxLength(200)), ''),
  alt_fr: v.optional(v.pipe(inputString(), v.trim(), v.maxLength(200)), ''),
});

/** The answer to a single-record write: applied, or unchanged (an older or replayed version). */
export const ImportSingleResultSchema = v.object({ result: v.picklist(['applied', 'unchanged']) });
