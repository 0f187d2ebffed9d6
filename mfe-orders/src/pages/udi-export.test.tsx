// The UDI export page (decision 070), through what the user sees, against a real HTTP server: the
// period and the devices chosen are asked of the API as its schema says, in CSV or GS1 element
// strings, with the session; a period the schema refuses is said before any request; a failed
// download is said.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { EN as REMOTE_EN, NL as REMOTE_NL, renderOrdersPage } from '../test-support/orders-page';
import ownEn from '../features/udi-export/messages/en.json';
import ownNl from '../features/udi-export/messages/nl.json';
import UdiExportPage from './udi-export';

// The page's texts: the remote's and the form's own, which load with it (components/feature-messages.tsx).
const EN: Record<string, string> = { ...REMOTE_EN, ...ownEn };
const NL: Record<string, string> = { ...REMOTE_NL, ...ownNl };

let api: ApiServer;
let status = 200;
beforeAll(async () => {
  api = await startApiServer(({ path }) => {
    if (path === '/udi-export') return status === 200 ? { status: 200, body: 'shipped_on\r\n', contentType: 'text/csv' } : { status, contentType: 'application/problem+json', body: { title: 'Bad', status, code: 'X' } };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  status = 200;
  signInForTest();
});

const PATH = '/:lang/my-orders/udi-export';
async function fill(labels: Record<string, string>, from: string, to: string) {
  const start = await screen.findByLabelText(labels['udiExport.from']!);
  await userEvent.clear(start);
  await userEvent.type(start, from);
  const end = screen.getByLabelText(labels['udiExport.to']!);
  await userEvent.clear(end);
  await userEvent.type(end, to);
}

describe('the UDI export page', () => {
  it('asks for the implantable and class III units of the period as CSV, every device as GS1 strings when ticked', async () => {
    await renderOrdersPage(<UdiExportPage />, '/en/my-orders/udi-export', { path: PATH });
    await fill(EN, '2030-01-01', '2030-01-31');
    await userEvent.click(screen.getByRole('button', { name: EN['udiExport.csv'] }));
    await waitFor(() => expect(api.calls('/udi-export')).toHaveLength(1));
    const [csv] = api.calls('/udi-export');
    expect(Object.fromEntries(csv!.query)).toEqual({ from: '2030-01-01', to: '2030-01-31', devices: 'implantable_or_class_iii', format: 'csv' });
    expect(csv!.headers.authorization).toMatch(/^Bearer /);
    await userEvent.click(screen.getByLabelText(EN['udiExport.allDevices']!));
    await userEvent.type(screen.getByLabelText(EN['udiExport.product']!), 'HM-CHI-5');
    await userEvent.click(screen.getByRole('button', { name: EN['udiExport.gs1'] }));
    await waitFor(() => expect(api.calls('/udi-export')).toHaveLength(2));
    expect(Object.fromEntries(api.calls('/udi-export')[1]!.query)).toEqual({ from: '2030-01-01', to: '2030-01-31', devices: 'all', format: 'gs1', product: 'HM-CHI-5' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a period the API would refuse before asking it, and a failed download, in Dutch', async () => {
    await renderOrdersPage(<UdiExportPage />, '/nl/my-orders/udi-export', { path: PATH });
    await fill(NL, '2030-02-01', '2030-01-01');
    await userEvent.click(screen.getByRole('button', { name: NL['udiExport.csv'] }));
    expect((await screen.findByRole('alert')).textContent).toBe(NL['udiExport.invalid']);
    expect(api.calls('/udi-export')).toHaveLength(0);
    status = 500;
    await fill(NL, '2030-01-01', '2030-01-31');
    await userEvent.click(screen.getByRole('button', { name: NL['udiExport.csv'] }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(NL['udiExport.failed']));
  });
});
