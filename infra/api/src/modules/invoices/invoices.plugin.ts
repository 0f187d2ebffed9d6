// Invoices (issue 30). Two plugins, as payments: the service on the root (the ports other modules
// are handed in app.ts, the overdue job, the documents port for the delivery), and the routes
// inside /api.
import fp from 'fastify-plugin';
import { API_ERRORS } from '@portal/shared/schemas';
import { AppError } from '../../errors';
import type { InvoiceDeliveryPort, InvoiceDocumentsPort } from '../../common/ports';
import { modulePlugin } from '../../http/module-plugin';
import { createInvoiceDocuments } from './invoice-documents';
import type { InvoiceRenderer } from './invoice-renderer';
import { createInvoicesRepository } from './invoices.repository';
import { registerInvoicesRoutes } from './invoices.routes';
import { createInvoicesService } from './invoices.service';
import { createInvoicing, type Invoicing } from './invoicing';
import { createInvoiceOverdueJob, type InvoiceOverdueJob } from './overdue-job';

/**
 * The document code (compute.ts, ubl.ts, invoice-pdf.ts). Until it is merged there is none: orders
 * ship and are paid without invoices, and tests pass their own renderer (BuildAppOptions). At merge:
 * `export const INVOICE_RENDERER: InvoiceRenderer | null = { compute: computeInvoice, ubl: renderUbl, pdf: renderInvoicePdf };`
 */
export const INVOICE_RENDERER: InvoiceRenderer | null = null;

declare module 'fastify' {
  interface FastifyInstance {
    /** Issuing (InvoicingPort and the staff's credit note); null when no renderer is wired. */
    invoicing: Invoicing | null;
    /** The stored documents, for their delivery. */
    invoiceDocuments: InvoiceDocumentsPort;
    /** Marks open invoices past due overdue; tests call `runOnce()`. */
    invoiceOverdue: InvoiceOverdueJob;
  }
}

export interface InvoicingServiceOptions {
  renderer: InvoiceRenderer | null;
  /** The delivery module's port (queue at issue, statuses on the pages); absent until it is wired. */
  delivery?: InvoiceDeliveryPort;
}

export const invoicingService = fp<InvoicingServiceOptions>(
  async (app, { renderer, delivery }) => {
    const repo = createInvoicesRepository(app.database.db);
    if (!renderer) app.log.warn('no invoice renderer wired: orders are shipped and paid without invoices');
    app.decorate('invoicing', renderer ? createInvoicing({ renderer, seller: app.apiEnv.seller, delivery }) : null);
    app.decorate('invoiceDocuments', createInvoiceDocuments(repo));
    const overdue = createInvoiceOverdueJob({ repo, intervalMs: app.apiEnv.invoiceOverdueIntervalMs, log: app.log });
    app.decorate('invoiceOverdue', overdue);
    app.addHook('onReady', async () => overdue.start());
    app.addHook('preClose', async () => overdue.stop());
  },
  { name: 'invoicing-service', dependencies: ['config', 'database'] },
);

export default modulePlugin<{ delivery?: Pick<InvoiceDeliveryPort, 'statuses'> }>({ name: 'invoices', dependencies: ['invoicing-service'] }, (api, { delivery }) => {
  const db = api.database.db;
  // Without a renderer nothing can be issued: a credit note is "not ready" (503), never a 500.
  const invoicing = api.invoicing ?? {
    creditInvoice: () => Promise.reject(new AppError(503, API_ERRORS.NOT_READY, 'Invoices cannot be issued: no invoice renderer is wired')),
  };
  registerInvoicesRoutes(api, api.routeRegistry, createInvoicesService({ db, repo: createInvoicesRepository(db), invoicing, delivery }));
});
