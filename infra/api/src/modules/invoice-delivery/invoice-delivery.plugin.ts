// The delivery of issued invoices and credit notes (issue 30 "Sending", decision 048). Two plugins:
// the service with its job on the root (the mail dispatcher's attachments, the tests and the job
// reach it there), and inside /api the staff's retry and, with the development access point, its page.
// The invoices module's documents (InvoiceDocumentsPort) are given by the composition root; the
// invoices module gets this module's InvoiceDeliveryPort (invoice-delivery.port.ts) the same way.
import fp from 'fastify-plugin';
import type { Env } from '../../env';
import type { InvoiceDocumentsPort } from '../invoices/contract';
import type { DespatchDocumentsPort } from '../shipments/contract';
import { modulePlugin } from '../../http/module-plugin';
import type { AccessPoint } from './access-point';
import { createDeliveryJob, type DeliveryJob } from './delivery-job';
import { createDevAccessPoint, type DevAccessPoint } from './dev-access-point';
import { registerDevAccessPointPage } from './dev-page';
import { createHttpAccessPoint } from './http-access-point';
import { createInvoiceDeliveryRepository } from './invoice-delivery.repository';
import { registerInvoiceDeliveryRoutes } from './invoice-delivery.routes';
import { createInvoiceDeliveryService, type InvoiceDeliveryService } from './invoice-delivery.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The staff's failed deliveries and retries, and the mail's invoice attachments. */
    invoiceDelivery: InvoiceDeliveryService;
    /** Sends queued e-invoices and Despatch Advices and follows them; tests call `runOnce()`. */
    invoiceDeliveryJob: DeliveryJob;
    /** The configured access point (null: PEPPOL_ACCESS_POINT=none). */
    accessPoint: AccessPoint | null;
  }
}

/** The access point the environment names; the development one keeps its documents under DATA_DIR. */
export function accessPointFromEnv(env: Pick<Env, 'peppolAccessPoint' | 'peppolHttp' | 'dataDir'>): AccessPoint | null {
  if (env.peppolAccessPoint === 'http' && env.peppolHttp) return createHttpAccessPoint(env.peppolHttp);
  if (env.peppolAccessPoint === 'dev') return createDevAccessPoint(env.dataDir);
  return null;
}

export const invoiceDeliveryService = fp<{ documents: InvoiceDocumentsPort; despatchAdvices: DespatchDocumentsPort }>(
  async (app, options) => {
    const env = app.apiEnv;
    const db = app.database.db;
    const repo = createInvoiceDeliveryRepository(db);
    const accessPoint = accessPointFromEnv(env);
    const job = createDeliveryJob({
      db,
      repo,
      accessPoint,
      documents: options.documents,
      despatchAdvices: options.despatchAdvices,
      config: { intervalMs: env.invoiceDeliveryIntervalMs, maxAttempts: env.invoiceDeliveryMaxAttempts, senderCountry: env.peppolSenderCountry },
      log: app.log,
    });
    app.decorate('invoiceDelivery', createInvoiceDeliveryService({ db, repo, documents: options.documents, despatchAdvices: options.despatchAdvices }));
    app.decorate('invoiceDeliveryJob', job);
    app.decorate('accessPoint', accessPoint);
    app.addHook('onReady', async () => {
      job.start();
    });
    app.addHook('preClose', async () => {
      await job.stop();
    });
  },
  { name: 'invoice-delivery-service', dependencies: ['config', 'database'] },
);

export default modulePlugin({ name: 'invoice-delivery', dependencies: ['invoice-delivery-service'] }, (api) => {
  registerInvoiceDeliveryRoutes(api, api.routeRegistry, api.invoiceDelivery);
  if (api.accessPoint?.name === 'dev' && api.apiEnv.nodeEnv !== 'production') registerDevAccessPointPage(api, api.accessPoint as DevAccessPoint);
});
