// A local stand-in for a Peppol access point's REST API in phoss-ap's shape (the real one cannot be
// reached from here): POST /api/outbound/submit/{senderID}/{receiverID}/{docTypeID}/{processID}/{c1}
// with the raw document and `?sbdhInstanceID=`, GET /api/outbound/status/{sbdhInstanceID}, the
// token in `X-Token`. A test scripts its answers: `failNext` answers the next submits with a status
// (`keep: true` stores the document first, as phoss-ap does when the first transmission fails),
// `hangNext` holds the next submit past the client's deadline, `setStatus` moves a transaction.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInTransaction {
  sbdhInstanceID: string;
  senderID: string;
  receiverID: string;
  docTypeID: string;
  processID: string;
  c1CountryCode: string;
  body: Buffer;
  status: string;
  mlsStatus: string | null;
  errorDetails: string | null;
}

export interface AccessPointStandIn {
  url: string;
  token: string;
  transactions: Map<string, StandInTransaction>;
  /** Every request, `METHOD path`. */
  calls: string[];
  failNext(status: number, times?: number, options?: { keep?: boolean }): void;
  hangNext(ms: number): void;
  setStatus(id: string, status: string, extra?: { mlsStatus?: string; errorDetails?: string }): void;
  close(): Promise<void>;
}

export async function startAccessPointStandIn(token = 'stand-in-token'): Promise<AccessPointStandIn> {
  const transactions = new Map<string, StandInTransaction>();
  const calls: string[] = [];
  const failures: { status: number; keep: boolean }[] = [];
  let hang = 0;
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const read = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
    });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    calls.push(`${req.method} ${url.pathname}`);
    if (req.headers['x-token'] !== token) return json(res, 401, { error: 'Invalid or missing API token' });
    const parts = url.pathname.split('/').slice(1).map(decodeURIComponent);
    if (req.method === 'GET' && parts[0] === 'api' && parts[1] === 'outbound' && parts[2] === 'status' && parts.length === 4) {
      const tx = transactions.get(parts[3]!);
      if (!tx) return json(res, 404, {});
      return json(res, 200, { sbdhInstanceID: tx.sbdhInstanceID, status: tx.status, mlsStatus: tx.mlsStatus, errorDetails: tx.errorDetails, attemptCount: 1 });
    }
    if (req.method === 'POST' && parts[0] === 'api' && parts[1] === 'outbound' && parts[2] === 'submit' && parts.length === 8) {
      const body = await read(req);
      if (hang) {
        const ms = hang;
        hang = 0;
        await new Promise((resolve) => setTimeout(resolve, ms));
      }
      const id = url.searchParams.get('sbdhInstanceID') ?? `generated-${transactions.size + 1}`;
      const [senderID, receiverID, docTypeID, processID, c1CountryCode] = parts.slice(3) as [string, string, string, string, string];
      const failure = failures.shift();
      const keep = !failure || failure.keep;
      if (keep && !transactions.has(id)) {
        transactions.set(id, { sbdhInstanceID: id, senderID, receiverID, docTypeID, processID, c1CountryCode, body, status: failure ? 'failed' : 'sending', mlsStatus: null, errorDetails: null });
      }
      if (failure) return json(res, failure.status, { overallSuccess: false, error: `scripted ${failure.status}` });
      return json(res, 200, { overallSuccess: true, sbdhInstanceID: id });
    }
    json(res, 404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    transactions,
    calls,
    failNext(status, times = 1, options = {}) {
      for (let i = 0; i < times; i++) failures.push({ status, keep: options.keep ?? false });
    },
    hangNext(ms) {
      hang = ms;
    },
    setStatus(id, status, extra = {}) {
      const tx = transactions.get(id)!;
      tx.status = status;
      tx.mlsStatus = extra.mlsStatus ?? tx.mlsStatus;
      tx.errorDetails = extra.errorDetails ?? tx.errorDetails;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
