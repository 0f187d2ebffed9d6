// Hostile requests on a reused keep-alive connection: every answer that ends the connection says
// so (`Connection: close`), and a client that keeps one socket gets an answer to every request it
// sends, the good ones between the bad ones included. Before, an unparsable request (431, 400) was
// answered without `Connection: close` and the socket closed under the client's next request.
import http from 'node:http';
import net from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp({ seedDemo: false });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

/**
 * On a fresh socket: a good request, its answer read whole, then `bytes` on the same (now reused)
 * socket; reads until the server closes it. Returns everything the server sent.
 */
async function afterGoodRequest(bytes: string): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  const closed = once(socket, 'close');
  socket.on('error', () => undefined);
  const firstAnswer = new Promise<void>((resolve) => {
    socket.on('data', (c: Buffer) => {
      received += c.toString('latin1');
      const [head, body] = received.split('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(head ?? '')?.[1];
      if (body !== undefined && length && Buffer.byteLength(body, 'latin1') >= Number(length)) resolve();
    });
  });
  socket.write('GET /api/health/live HTTP/1.1\r\nHost: x\r\n\r\n');
  await firstAnswer;
  socket.write(bytes);
  await closed;
  return received;
}

const BIG_HEADER = `X-Filler: ${'a'.repeat(20_000)}`;

describe('an unparsable request', () => {
  it.each([
    ['header fields too large', `GET /api/health/live HTTP/1.1\r\nHost: x\r\n${BIG_HEADER}\r\n\r\n`, 431],
    ['a broken content-length', 'POST /api/v1/contact HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', 400],
    ['a broken request line', 'GET /api/health/live HTTP/9\r\nHost: x\r\n\r\n', 400],
    ['a header with a space in its name', 'GET /api/health/live HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n', 400],
  ])('is answered with Connection: close (%s)', async (_name, request, status) => {
    const answer = await afterGoodRequest(request);
    const responses = answer.split(/(?=HTTP\/1\.1 \d{3} )/);
    expect(responses).toHaveLength(2);
    expect(responses[0]).toMatch(/^HTTP\/1\.1 200 /);
    const [head, body] = responses[1]!.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(head!.toLowerCase()).toContain('\r\nconnection: close');
    expect(JSON.parse(body!)).toMatchObject({ status, code: 'BAD_REQUEST' });
  });
});

describe('one keep-alive socket', () => {
  it('gets an answer to every request, bad ones between good ones', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (headers: Record<string, string>, method = 'GET', body?: string, path = '/api/health/live') =>
      new Promise<number>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path, method, agent, headers }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        });
        req.on('error', reject);
        req.end(body);
      });
    const big = { 'x-filler': 'a'.repeat(20_000) };
    const tooLarge = 'x'.repeat(1024 * 1024 + 10);
    // Queued together: each waits for the one socket, which is reused whenever it stays open.
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () => [
        send({}),
        send(big),
        send({}),
        // A JSON route that reads bodies: refused for its size (413) before the body is read.
        send({ 'content-type': 'application/json' }, 'POST', tooLarge, '/api/v1/contact'),
        send({}),
      ]).flat(),
    );
    agent.destroy();
    expect(statuses.filter((s) => s === 431)).toHaveLength(10);
    expect(statuses.filter((s) => s === 413)).toHaveLength(10);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
  });
});
