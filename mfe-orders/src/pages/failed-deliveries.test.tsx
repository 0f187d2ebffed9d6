// The staff's failed deliveries (decision 083) against a real HTTP server answering with the shared
// schemas: failed e-invoices and Despatch Advices side by side, each retried through its own route
// only when confirmed, in the reader's language, checked with axe; a customer is told the page is not theirs.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FailedDelivery } from '@portal/shared/schemas/orders';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { EN as REMOTE_EN, FR as REMOTE_FR, NL as REMOTE_NL, renderOrdersPage } from '../test-support/orders-page';
import ownEn from '../features/failed-deliveries/messages/en.json';
import ownFr from '../features/failed-deliveries/messages/fr.json';
import ownNl from '../features/failed-deliveries/messages/nl.json';
import FailedDeliveriesPage from './failed-deliveries';

// The page's texts: the remote's and its own, which load with it (features/failed-deliveries/own-messages.tsx).
const EN: Record<string, string> = { ...REMOTE_EN, ...ownEn };
const NL: Record<string, string> = { ...REMOTE_NL, ...ownNl };
const FR: Record<string, string> = { ...REMOTE_FR, ...ownFr };

const despatch: FailedDelivery = {
  id: '5b0f3c1e-2a4d-4e8f-9c61-7d2b8e4a1f03',
  document_kind: 'despatch_advice',
  document_id: '0c7e9a52-6b1d-4f3a-8e27-94d5c1b6a8f0',
  reference: 'SHP-2026-00412',
  order_id: '3f1a2b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  order_number: 'SO-2026-000187',
  organisation_id: '8d4c2e1f-7a6b-4c3d-9e8f-1a2b3c4d5e6f',
  organisation_name: 'Zorggroep Scheldeland',
  channel: 'peppol',
  recipient: '0208:0412345678',
  attempts: 10,
  last_error: 'access point answered 503',
  failed_at: '2026-12-07T09:14:03.000Z',
};
const invoice: FailedDelivery = {
  ...despatch,
  id: '9e2d4f6a-1b3c-4d5e-8f70-a1b2c3d4e5f6',
  document_kind: 'invoice',
  document_id: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d',
  reference: '2026-000923',
  order_id: null,
  order_number: null,
  last_error: 'The receiver is not registered for this document type',
};
let failed: FailedDelivery[] = [];
/** The API's answer to a customer: the page is staff only. */
let staffOnly = false;
let api: ApiServer;
const PATH = { path: '/:lang/invoices/failed-deliveries' };

beforeAll(async () => {
  api = await startApiServer(({ method, path }) => {
    if (path === '/staff/failed-deliveries' && method === 'GET') {
      if (staffOnly) {
        return { status: 403, contentType: 'application/problem+json', body: { title: 'Forbidden', status: 403, code: 'INVOICE_DELIVERY_STAFF_ONLY' } };
      }
      return { status: 200, body: { items: failed } };
    }
    for (const [prefix, item] of [['/despatch-advices/', despatch], ['/invoices/', invoice]] as const) {
      if (path === `${prefix}${item.document_id}/delivery/retry` && method === 'POST') {
        failed = failed.filter((f) => f.id !== item.id);
        return { status: 200, body: { status: 'queued', channels: [{ channel: 'peppol', status: 'queued', attempts: 0, last_error: item.last_error }] } };
      }
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  failed = [despatch, invoice];
  staffOnly = false;
  signInForTest({ role: 'case_manager', org: null });
});

const table = () => screen.findByRole('table', { name: EN['deliveries.failed.caption'] });
const row = (item: FailedDelivery) => document.querySelector<HTMLElement>(`tr[data-delivery="${item.id}"]`)!;

async function axeViolations(element: Element): Promise<string[]> {
  const results = await axe.run(element, { rules: { region: { enabled: false } } });
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

describe('Failed deliveries', () => {
  it('lists the failed Despatch Advices beside the failed e-invoices, each named, with its error and links', async () => {
    const { container } = await renderOrdersPage(<FailedDeliveriesPage />, '/en/invoices/failed-deliveries', PATH);
    const list = await table();
    expect(within(list).getAllByRole('row')).toHaveLength(3);
    const advice = within(row(despatch));
    expect(advice.getByText(EN['deliveries.failed.kind.despatch_advice']!)).toBeTruthy();
    expect(advice.getByText(despatch.reference)).toBeTruthy();
    expect(advice.getByRole('link', { name: `Order ${despatch.order_number}` }).getAttribute('href')).toBe(`/en/my-orders/${despatch.order_number}`);
    expect(advice.getByText('access point answered 503')).toBeTruthy();
    expect(advice.getByText(despatch.recipient)).toBeTruthy();
    const bill = within(row(invoice));
    expect(bill.getByText(EN['deliveries.failed.kind.invoice']!)).toBeTruthy();
    expect(bill.getByRole('link', { name: invoice.reference }).getAttribute('href')).toBe(`/en/invoices/${invoice.document_id}`);
    expect(screen.getByTestId('failed-deliveries-count').textContent).toBe('2 failed deliveries');
    expect(await axeViolations(container)).toEqual([]);
  });

  it("sends a Despatch Advice again through its own route only when confirmed, and an e-invoice through the invoice's", async () => {
    await renderOrdersPage(<FailedDeliveriesPage />, '/en/invoices/failed-deliveries', PATH);
    await table();
    const retry = within(row(despatch)).getByRole('button', { name: `Retry delivery: Despatch Advice of shipment ${despatch.reference}` });
    await userEvent.click(retry);
    let dialog = await screen.findByRole('dialog', { name: `Send the Despatch Advice of shipment ${despatch.reference} again?` });
    expect(await axeViolations(dialog)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: EN['orders.confirm.cancel'] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls(`/despatch-advices/${despatch.document_id}/delivery/retry`)).toHaveLength(0);

    await userEvent.click(retry);
    dialog = await screen.findByRole('dialog', { name: `Send the Despatch Advice of shipment ${despatch.reference} again?` });
    await userEvent.click(within(dialog).getByRole('button', { name: EN['invoices.delivery.retry'] }));
    await waitFor(() => expect(api.calls(`/despatch-advices/${despatch.document_id}/delivery/retry`)).toHaveLength(1));
    // The page is read again: the Despatch Advice is queued, no longer failed.
    await waitFor(() => expect(document.querySelector(`tr[data-delivery="${despatch.id}"]`)).toBeNull());

    await userEvent.click(within(row(invoice)).getByRole('button', { name: `Retry delivery: invoice ${invoice.reference}` }));
    dialog = await screen.findByRole('dialog', { name: `Send invoice ${invoice.reference} again?` });
    await userEvent.click(within(dialog).getByRole('button', { name: EN['invoices.delivery.retry'] }));
    await waitFor(() => expect(api.calls(`/invoices/${invoice.document_id}/delivery/retry`)).toHaveLength(1));
    expect((await screen.findByTestId('failed-deliveries-empty')).textContent).toBe(EN['deliveries.failed.empty']);
  });

  it.each([
    ['nl', NL],
    ['fr', FR],
  ] as const)("speaks the reader's language (%s)", async (lang, messages) => {
    await renderOrdersPage(<FailedDeliveriesPage />, `/${lang}/invoices/failed-deliveries`, PATH);
    const list = await screen.findByRole('table', { name: messages['deliveries.failed.caption'] });
    expect(within(list).getByText(messages['deliveries.failed.kind.despatch_advice']!)).toBeTruthy();
    expect(within(list).getByRole('columnheader', { name: messages['deliveries.failed.col.error'] })).toBeTruthy();
  });

  it('tells a customer the page is for the supplier\'s staff', async () => {
    staffOnly = true;
    signInForTest();
    await renderOrdersPage(<FailedDeliveriesPage />, '/en/invoices/failed-deliveries', PATH);
    expect((await screen.findByTestId('failed-deliveries-staff-only')).textContent).toContain(EN['deliveries.failed.staffOnly.message']);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
