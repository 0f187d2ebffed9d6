// Quotations: the service and its expiry job on the root (tests call `quotationExpiry.runOnce()`),
// the routes inside /api.
import fp from 'fastify-plugin';
import { createPeriodicJob, type PeriodicJob } from '../../common/jobs';
import { modulePlugin } from '../../http/module-plugin';
import { createQuotationsRepository } from './quotations.repository';
import { registerQuotationRoutes } from './quotations.routes';
import { createQuotationsService, type QuotationsService } from './quotations.service';

declare module 'fastify' {
  interface FastifyInstance {
    quotations: QuotationsService;
    /** Answered quotations past their validity date expire; tests call `runOnce()`. */
    quotationExpiry: PeriodicJob<number>;
  }
}

/** `ports`: the cart's lines a quotation is made from (decision 039), given by app.ts. */
export const quotationsService = fp<{ ports: Parameters<typeof createQuotationsRepository>[1] }>(
  async (app, { ports }) => {
    const quotations = createQuotationsService({ repo: createQuotationsRepository(app.database.db, ports) });
    // Answered quotations past their validity date expire (hourly; and once at start). The update is
    // conditional on the status, so instances running it at once expire each quotation once.
    const quotationExpiry = createPeriodicJob({ name: 'quotation expiry', intervalMs: 3_600_000, log: app.log, run: () => quotations.expire() });
    app.decorate('quotations', quotations);
    app.decorate('quotationExpiry', quotationExpiry);
    app.addHook('onReady', async () => {
      await quotationExpiry.runOnce().catch((err: unknown) => app.log.error({ err }, 'quotation expiry failed'));
      quotationExpiry.start();
    });
    app.addHook('preClose', async () => quotationExpiry.stop());
  },
  { name: 'quotations-service', dependencies: ['database'] },
);

export default modulePlugin({ name: 'quotations', dependencies: ['quotations-service'] }, (api) => {
  registerQuotationRoutes(api, api.routeRegistry, api.quotations);
});
