// The development access point keeps what it receives on disk, one folder per message, and reports
// what its status file says (a developer edits it to see a failure).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AccessPointError } from './access-point';
import { createDevAccessPoint } from './dev-access-point';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-dev-ap-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const ap = createDevAccessPoint(dataDir);
const doc = (id: string) => ({ id, senderId: '0208:0999888777', receiverId: '0208:0412345678', documentType: 'Invoice' as const, senderCountry: 'BE', ubl: Buffer.from(`<Invoice>${id}</Invoice>`) });

describe('the development access point', () => {
  it('keeps the UBL and a status file under DATA_DIR/access-point/<message id>, and reports it delivered', async () => {
    const id = '11111111-1111-4111-8111-111111111111';
    expect(await ap.send(doc(id))).toEqual({ messageId: id });
    expect(readFileSync(join(dataDir, 'access-point', id, 'document.xml'), 'utf8')).toBe(`<Invoice>${id}</Invoice>`);
    const status = JSON.parse(readFileSync(join(dataDir, 'access-point', id, 'status.json'), 'utf8'));
    expect(status).toMatchObject({ messageId: id, receiverId: '0208:0412345678', documentType: 'Invoice', status: 'delivered', reason: null });
    expect(await ap.status(id)).toEqual({ state: 'delivered' });
    // A second send of the same message (a retry after a lost answer) keeps the first.
    await ap.send({ ...doc(id), ubl: Buffer.from('<Invoice>changed</Invoice>') });
    expect(readFileSync(join(dataDir, 'access-point', id, 'document.xml'), 'utf8')).toBe(`<Invoice>${id}</Invoice>`);
  });

  it('reports a failure written into the status file, and knows no other message', async () => {
    const id = '22222222-2222-4222-8222-222222222222';
    await ap.send(doc(id));
    const file = join(dataDir, 'access-point', id, 'status.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), status: 'failed', reason: 'Receiver not registered' }));
    expect(await ap.status(id)).toEqual({ state: 'failed', reason: 'Receiver not registered' });
    expect(await ap.status('33333333-3333-4333-8333-333333333333')).toEqual({ state: 'unknown' });
  });

  it('lists what it received, newest first, and refuses a message id that is not one', async () => {
    const received = await ap.received(10);
    expect(received.map((r) => r.messageId)).toEqual(expect.arrayContaining(['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222']));
    expect(received[0]!.ubl).toContain('<Invoice>');
    await expect(ap.send(doc('../../etc'))).rejects.toBeInstanceOf(AccessPointError);
    await expect(ap.status('../x')).rejects.toBeInstanceOf(AccessPointError);
  });
});
