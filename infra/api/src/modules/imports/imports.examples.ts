// The OpenAPI examples of the import routes (issue 29 "Documentation"). defineRoute checks each
// against its route's schema at start-up. The NDJSON bodies start with EXAMPLE_LINES (the lines the
// ERP guide's walk-through sends) and add a line that shows another form of the same kind.
import type { ImportJob, ImportKindName, ImportRefusalList } from '@portal/shared/schemas';
import { EXAMPLE_LINES } from './examples';

const VERSION = 1732700000000;
const ndjson = (...records: (string | object)[]) => records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n';

/** Per kind, a bulk body of two or more lines. */
export const BULK_BODY_EXAMPLES: Record<ImportKindName, string> = {
  products: ndjson(EXAMPLE_LINES.products!, {
    article_code: 'GL-NIT-L-200',
    version: VERSION,
    translations: {
      en: { name: 'Nitrile gloves L, box of 200' },
      nl: { name: 'Nitril handschoenen L, doos van 200' },
      fr: { name: 'Gants en nitrile L, boîte de 200' },
    },
    brand: 'MediCare',
    category: 'gloves',
    specs: { size: 'L' },
    unit: 'box',
    price_cents: 1295,
    vat_rate_bp: 600,
    gtin: '5410000000026',
  }),
  // The contract first: a contract is applied before the prices of its batch.
  prices: ndjson(
    {
      type: 'contract',
      number: 'CT-2026-001',
      customer_number: 'C-100234',
      version: VERSION,
      name: { en: 'Framework agreement gloves 2026', nl: 'Raamovereenkomst handschoenen 2026', fr: 'Accord-cadre gants 2026' },
      starts_on: '2026-01-01',
      ends_on: '2026-12-31',
      payment_term_days: 30,
    },
    EXAMPLE_LINES.prices!,
  ),
  // An absolute level with its version, and a delta the warehouse counts once by its id.
  stock: ndjson(EXAMPLE_LINES.stock!, { article_code: 'MDV-102590', delta: -3, delta_id: 'wms-88121' }),
  customers: ndjson(EXAMPLE_LINES.customers!),
};

const JOB_ID = '3f1c9a52-8e4b-4d1f-9c27-5b0e2a7d6c41';

/** The answer to a bulk upload: the finished job, every line of the example accepted. */
export const doneJobExample = (kind: ImportKindName): ImportJob => {
  const lines = BULK_BODY_EXAMPLES[kind].trim().split('\n').length;
  return {
    id: JOB_ID,
    kind,
    status: 'done',
    accepted: lines,
    unchanged: 0,
    refused: 0,
    last_committed_line: lines,
    created_at: '2026-11-27T09:14:03.512Z',
    updated_at: '2026-11-27T09:14:04.087Z',
    finished_at: '2026-11-27T09:14:04.087Z',
    error: null,
  };
};

/** A job followed while its upload still runs. */
export const RUNNING_JOB_EXAMPLE: ImportJob = {
  id: JOB_ID,
  kind: 'products',
  status: 'running',
  accepted: 39_871,
  unchanged: 120,
  refused: 9,
  last_committed_line: 40_000,
  created_at: '2026-11-27T09:14:03.512Z',
  updated_at: '2026-11-27T09:14:41.230Z',
  finished_at: null,
  error: null,
};

export const REFUSALS_EXAMPLE: ImportRefusalList = {
  items: [
    { line: 2, code: 'GTIN_CHECK_DIGIT', message: 'GTIN 5410000000018: the last digit is not its GS1 check digit' },
    { line: 17, code: 'IMPORT_UNKNOWN_CATEGORY', message: 'No sub-category with the code glove' },
  ],
  next_after: null,
};

/** PUT /integration/v1/stock/{articleCode}: the level form (the delta form is in the description). */
export const STOCK_UPDATE_EXAMPLE = { level: 40, version: VERSION, restock_date: null };
