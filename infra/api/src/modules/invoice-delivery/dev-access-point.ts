// The development access point (decision 048): it keeps what it receives under
// `<DATA_DIR>/access-point/<message id>/` (the UBL as `document.xml`, the envelope and the status as
// `status.json`) and sends nothing anywhere. It reports every document delivered; a developer who
// wants to see a failure edits `status.json` (`"status": "failed", "reason": "…"`) and the next
// status poll reports it. Refused in production (env.ts): no invoice would reach its buyer.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as v from 'valibot';
import { AccessPointError, type AccessPoint, type OutgoingDocument, type TransmissionStatus } from './access-point';

/** Message ids are the portal's UUIDs: nothing else may become a folder name. */
const MESSAGE_ID = /^[A-Za-z0-9-]{1,100}$/;

const StoredStatusSchema = v.object({
  messageId: v.string(),
  senderId: v.string(),
  receiverId: v.string(),
  documentType: v.picklist(['Invoice', 'CreditNote', 'OrderResponse', 'DespatchAdvice']),
  senderCountry: v.string(),
  receivedAt: v.string(),
  status: v.picklist(['sent', 'delivered', 'failed']),
  reason: v.nullable(v.string()),
});
export type ReceivedDocument = v.InferOutput<typeof StoredStatusSchema> & { ubl: string };

export interface DevAccessPoint extends AccessPoint {
  /** What it received, newest first (the development page). */
  received(limit: number): Promise<ReceivedDocument[]>;
  readonly folder: string;
}

export function createDevAccessPoint(dataDir: string): DevAccessPoint {
  const folder = join(dataDir, 'access-point');
  const dirOf = (messageId: string) => {
    if (!MESSAGE_ID.test(messageId)) throw new AccessPointError(`not a message id: ${JSON.stringify(messageId.slice(0, 40))}`, true);
    return join(folder, messageId);
  };

  async function read(messageId: string) {
    const file = join(dirOf(messageId), 'status.json');
    if (!existsSync(file)) return null;
    return v.parse(StoredStatusSchema, JSON.parse(await readFile(file, 'utf8')));
  }

  return {
    name: 'dev',
    folder,
    async send(document: OutgoingDocument) {
      const dir = dirOf(document.id);
      // A second send of the same message (a retry after a lost answer) keeps the first.
      if (existsSync(join(dir, 'status.json'))) return { messageId: document.id };
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, 'document.xml'), document.ubl);
      const status = {
        messageId: document.id,
        senderId: document.senderId,
        receiverId: document.receiverId,
        documentType: document.documentType,
        senderCountry: document.senderCountry,
        receivedAt: new Date().toISOString(),
        status: 'delivered',
        reason: null,
      };
      // Written whole, then renamed: a reader never sees half a status.
      await writeFile(join(dir, 'status.json.tmp'), `${JSON.stringify(status, null, 2)}\n`);
      await rename(join(dir, 'status.json.tmp'), join(dir, 'status.json'));
      return { messageId: document.id };
    },
    async status(messageId: string): Promise<TransmissionStatus> {
      const stored = await read(messageId);
      if (!stored) return { state: 'unknown' };
      if (stored.status === 'failed') return { state: 'failed', reason: stored.reason ?? 'failed at the development access point' };
      return { state: stored.status };
    },
    async received(limit: number) {
      if (!existsSync(folder)) return [];
      const out: ReceivedDocument[] = [];
      for (const entry of await readdir(folder, { withFileTypes: true })) {
        if (!entry.isDirectory() || !MESSAGE_ID.test(entry.name)) continue;
        const stored = await read(entry.name).catch(() => null);
        if (!stored) continue;
        out.push({ ...stored, ubl: await readFile(join(folder, entry.name, 'document.xml'), 'utf8').catch(() => '') });
      }
      return out.sort((a, b) => b.receivedAt.localeCompare(a.receivedAt)).slice(0, limit);
    },
  };
}
