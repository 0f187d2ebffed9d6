// Metrics in Prometheus' format (issue 43, decision 071), on the app's root so that every route is
// counted, the gateway's included: per route, the database (pool, statement time), the process
// (event-loop delay, memory: prom-client's defaults), the work queues, the periodic jobs and the
// imports (common/metrics.ts). Registered, and served by a listener of its own, when METRICS_PORT is
// set: without it nobody reads them, and the requests and statements are not timed.
import fp from 'fastify-plugin';
import { collectProcessMetrics } from '../../../common/metrics';
import { recordHttpMetrics } from './http-metrics';
import { startMetricsListener, type MetricsListener } from './listener';
import { watchDatabase } from './queue-metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics listener (its address for the tests and the benches). */
    metricsListener: MetricsListener | undefined;
  }
}

export default fp(
  async (app) => {
    collectProcessMetrics();
    recordHttpMetrics(app);
    const unwatch = watchDatabase(app.database);
    const env = app.apiEnv;
    app.decorate('metricsListener', undefined);
    // Started with the app (ready, not listen: the gateway and the tests' inject alike), stopped with it.
    app.addHook('onReady', async () => {
      app.metricsListener = await startMetricsListener({ host: env.metricsHost, port: env.metricsPort ?? 0, token: env.metricsToken, log: app.log });
    });
    app.addHook('onClose', async () => {
      unwatch();
      await app.metricsListener?.close();
    });
  },
  { name: 'metrics', dependencies: ['config', 'database'] },
);
