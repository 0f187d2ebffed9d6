// `npm run cluster` on a port another process holds: refused with a clear message before anything
// starts, and nginx is only taken as started when it is this nginx that answers on the port. Before,
// nginx failed to bind and exited while the launcher reported the topology up with its dead pid.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx } from './nginx';
import { startTopology } from './topology';

let squatter: http.Server;
let taken: number;
const workDir = mkdtempSync(join(tmpdir(), 'cluster-ports-'));

beforeAll(async () => {
  // Another program on the port, answering every request with 200.
  squatter = http.createServer((_req, res) => res.end('someone else'));
  await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
  taken = (squatter.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => squatter?.close(resolve));
  rmSync(workDir, { recursive: true, force: true });
});

describe('a port another process holds', () => {
  it('is refused by the topology before anything starts', async () => {
    await expect(
      startTopology({ instances: 1, port: taken, instancePorts: [taken + 1], databaseUrl: 'postgres://nobody@127.0.0.1:1/none', workDir: join(workDir, 'topology') }),
    ).rejects.toThrow(new RegExp(`port ${taken} is already in use`));
  });

  it('is not taken for nginx listening: the nginx started must answer there itself', async () => {
    const started = startNginx({ port: taken, instancePorts: [taken + 1], workDir: join(workDir, 'nginx') });
    await expect(started).rejects.toThrow(/nginx exited|does not answer/);
    // The other program still has the port and nothing of ours is left running.
    const res = await fetch(`http://127.0.0.1:${taken}/`);
    expect(await res.text()).toBe('someone else');
  });
});
