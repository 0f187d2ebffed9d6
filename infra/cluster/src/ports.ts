// Whether the topology's ports are free, checked by listening on them: the launcher refuses a port
// another process holds instead of reporting success for a topology whose nginx could not bind.
import { createServer } from 'node:net';

export class PortTakenError extends Error {}

function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Throws PortTakenError naming every port of `ports` that something already listens on. */
export async function assertPortsFree(ports: number[]): Promise<void> {
  const taken: number[] = [];
  for (const port of ports) if (!(await free(port))) taken.push(port);
  if (taken.length) {
    throw new PortTakenError(
      `port${taken.length > 1 ? 's' : ''} ${taken.join(', ')} ${taken.length > 1 ? 'are' : 'is'} already in use on 127.0.0.1: stop what listens there or choose another --port (the instances take the ports after it)`,
    );
  }
}
