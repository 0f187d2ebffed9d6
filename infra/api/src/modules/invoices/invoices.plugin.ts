// Invoices (issue 30). Two plugins, as payments: the service on the root (the ports other modules
// are handed in app.ts, the overdue job, the documents port for the delivery), and the routes
// inside /api.
import fp from 'fastify-plugin';
import type { BudgetPort } from '../budgets/contract';
import type { InvoiceDeliveryPort } from '../invoice-delivery/contract';
import type { InvoiceDocumentsPort } from './contract';
import { modulePlugin } from '../../http/module-plugin';
import { computeInvoice } from './compute';
import { invoiceDocuments } from './invoice-documents';
import { renderInvoicePdf } from './invoice-pdf';
import type { InvoiceRenderer } from './invoice-renderer';
import { createInvoicesRepository } from './invoices.repository';
import { registerInvoicesRoutes } from './invoices.routes';
import { createInvoicesService, type InvoicesServiceDeps } from './invoices.service';
import { createInvoicing, type Invoicing } from './invoicing';
import { createInvoiceOverdueJob, type InvoiceOverdueJob } from './overdue-job';
import { renderUbl } from './ubl';

/** The document code (compute.ts, ubl.ts, invoice-pdf.ts): issuing computes and renders through it, in the app, the demo seed and the tests. */
export const INVOICE_RENDERER: InvoiceRenderer = { compute: computeInvoice, ubl: renderUbl, pdf: renderInvoicePdf };

declare module 'fastify' {
  interface FastifyInstance {
    /** Issuing (InvoicingPort and the staff's credit note). */
    invoicing: Invoicing;
    /** The stored documents, for their delivery. */
    invoiceDocuments: InvoiceDocumentsPort;
    /** Marks open invoices past due overdue; tests call `runOnce()`. */
    invoiceOverdue: InvoiceOverdueJob;
  }
}

export interface InvoicingServiceOptions {
  renderer: InvoiceRenderer;
  /** The delivery module's port (queue at issue, statuses on the pages); absent until it is wired. */
  delivery?: InvoiceDeliveryPort;
  /** The budgets module's port (decision 054): the order's cost centre, the buyer's accounting reference (BT-19). */
  costCentreOf: BudgetPort['ofOrder'];
}

export const invoicingService = fp<InvoicingServiceOptions>(
  async (app, { renderer, delivery, costCentreOf }) => {
    const repo = createInvoicesRepository(app.database.db);
    app.decorate('invoicing', createInvoicing({ renderer, seller: app.apiEnv.seller, delivery, costCentreOf }));
    app.decorate('invoiceDocuments', invoiceDocuments);
    const overdue = createInvoiceOverdueJob({ repo, intervalMs: app.apiEnv.invoiceOverdueIntervalMs, log: app.log });
    app.decorate('invoiceOverdue', overdue);
    app.addHook('onReady', async () => overdue.start());
    app.addHook('preClose', async () => overdue.stop());
  },
  { name: 'invoicing-service', dependencies: ['config', 'database'] },
);

export default modulePlugin<Pick<InvoicesServiceDeps, 'delivery' | 'audit'>>({ name: 'invoices', dependencies: ['invoicing-service'] }, (api, { delivery, audit }) => {
  const db = api.database.db;
  registerInvoicesRoutes(api, api.routeRegistry, createInvoicesService({ db, repo: createInvoicesRepository(db), invoicing: api.invoicing, delivery, audit }));
});
