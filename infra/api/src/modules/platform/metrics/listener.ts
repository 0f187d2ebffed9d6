// The metrics listener (decision 071): Prometheus' text on a port of its own, bound to the loopback or
// the private network (METRICS_HOST), never on the public listener; with METRICS_TOKEN it also asks
// for `Authorization: Bearer <token>`. It serves prom-client's default registry: every module's metrics.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual, createHash } from 'node:crypto';
import { register } from 'prom-client';

type Log = { error(obj: object, msg?: string): void; info(obj: object, msg?: string): void };

const digest = (text: string) => createHash('sha256').update(text).digest();

export interface MetricsListener {
  /** The bound address (METRICS_PORT=0 takes any free port). */
  address(): AddressInfo;
  close(): Promise<void>;
}

export async function startMetricsListener(options: { host: string; port: number; token?: string; log: Log }): Promise<MetricsListener> {
  const expected = options.token ? digest(`Bearer ${options.token}`) : undefined;
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found\n');
      return;
    }
    if (expected && !timingSafeEqual(digest(req.headers.authorization ?? ''), expected)) {
      res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('Unauthorized\n');
      return;
    }
    register.metrics().then(
      (text) => res.writeHead(200, { 'content-type': register.contentType, 'cache-control': 'no-store' }).end(text),
      (err: unknown) => {
        options.log.error({ err }, 'metrics could not be collected');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics could not be collected\n');
      },
    );
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  options.log.info({ host: address.address, port: address.port, token: Boolean(expected) }, 'metrics listener started');
  return {
    address: () => address,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
