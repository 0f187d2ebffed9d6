// Waiting for states (a port, a ready answer, an exit), never for a fixed time.
import http from 'node:http';
import https from 'node:https';
import { connect } from 'node:net';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves when a TCP connection to the port succeeds; rejects after `timeoutMs` or when `gaveUp()` says so. */
export async function waitForPort(port: number, timeoutMs: number, gaveUp: () => string | undefined = () => undefined): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = gaveUp();
    if (reason) throw new Error(reason);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => (socket.destroy(), resolve(false)));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
    await pause(50);
  }
}

/** Resolves when `url` answers 200; rejects after `timeoutMs` or when `gaveUp()` returns a reason. */
export async function waitForOk(url: string, timeoutMs: number, gaveUp: () => string | undefined = () => undefined): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  for (;;) {
    const reason = gaveUp();
    if (reason) throw new Error(reason);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await res.arrayBuffer();
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) throw new Error(`${url} not ready after ${timeoutMs} ms (${last})`);
    await pause(100);
  }
}

/** One GET's status and body; over TLS the certificate is not checked (our own nginx, often self-signed). */
function getText(url: string): Promise<{ status: number; body: string }> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, { rejectUnauthorized: false, timeout: 5_000, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
  });
}

/** Resolves when `url` answers 200 with exactly `text`; rejects after `timeoutMs` or when `gaveUp()` returns a reason. */
export async function waitForText(url: string, text: string, timeoutMs: number, gaveUp: () => string | undefined = () => undefined): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  for (;;) {
    const reason = gaveUp();
    if (reason) throw new Error(`${reason} (${url}: ${last})`);
    try {
      const res = await getText(url);
      if (res.status === 200 && res.body === text) return;
      last = `HTTP ${res.status}, not this nginx's id`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() > deadline) throw new Error(`${url}: the nginx started does not answer on its port after ${timeoutMs} ms (${last})`);
    await pause(100);
  }
}
