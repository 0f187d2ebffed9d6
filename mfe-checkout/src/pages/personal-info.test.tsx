// The personal-info step and the placement, through what the buyer sees, against a real HTTP server.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestResponse } from '@portal/shared/testing';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { CHECKOUT_ERRORS, MESSAGE_KEYS, PUNCHOUT_ERRORS } from '@portal/shared/schemas/checkout';
import { readDraft, writeDraft } from '../lib/checkout-draft';
import NL from '../messages/nl.json';
import { EN, renderCheckoutPage } from '../test-support/checkout-page';
import PersonalInfoPage from './personal-info';

const ORDER_ID = '00000000-0000-4000-8000-0000000000ff';
const placed: TestResponse = { status: 201, body: { id: ORDER_ID, number: '2026-000123', status: 'ordered', payment_url: null } };
let answers: TestResponse[] = [];
/** The buyer's cost centres (issue 33); undefined: the route answers 404 as for an older API. */
let costCentres: TestResponse | undefined;
let api: ApiServer;
/** The preview's budget verdict per cost centre id (issue 44.14); none: the preview has no `budget`. */
let forecasts: Record<string, { outcome: 'fits' | 'refused' | 'approval'; remaining_cents: number; cost_centre: { code: string; name: string } }> = {};
const TOTALS = { excl_vat: 20_000, vat: 4_200, incl_vat: 24_200, shipping_excl_vat: 0, discount_excl_vat: 0 };
const preview = (body: { cost_centre_id?: string }): TestResponse => {
  const budget = body.cost_centre_id ? forecasts[body.cost_centre_id] : undefined;
  return { status: 200, body: { lines: [], totals: TOTALS, discount: null, ...(budget ? { budget } : {}) } };
};
/** Whether the organisation's approval rules apply to this order (issue 33). */
let approvalRequired = false;
const REQUEST_ID = '00000000-0000-4000-8000-0000000000a1';
const ADDRESS = { label: 'Main', street: 'Kaai', nr: '1', box: null, postal_code: '2000', city: 'Antwerpen', country: 'BE', email: null, phone: null };
const SUBMITTED = {
  id: REQUEST_ID,
  status: 'pending',
  buyer: 'Lucas Janssens',
  created_at: '2026-11-20T10:00:00.000Z',
  total_incl_vat: 24_200,
  order_id: null,
  order_number: null,
  reasons: [{ kind: 'order_total_above', amount_cents: 10_000 }],
  lines: [{ product_id: 'p1', name: 'Vacuum splint', quantity: 2, unit_excl_vat: 10_000, vat_rate: 21 }],
  totals: { excl_vat: 20_000, vat: 4_200, incl_vat: 24_200, shipping_excl_vat: 0, discount_excl_vat: 0 },
  delivery: ADDRESS,
  external_order_number: 'PO-77',
  remarks: null,
  comment: null,
  decided_by: null,
  decided_at: null,
  changes: [],
  can_decide: false,
  history: [{ event: 'submitted', at: '2026-11-20T10:00:00.000Z', by: 'Lucas Janssens', note: null }],
};

beforeAll(async () => {
  api = await startApiServer(({ method, path, body }) => {
    if (path === '/orders' && method === 'POST') return answers.shift() ?? placed;
    if (path === '/approval-requests/check') return { status: 200, body: { required: approvalRequired, reasons: approvalRequired ? [{ kind: 'order_total_above', amount_cents: 10_000 }] : [] } };
    if (path === '/approval-requests' && method === 'POST') return { status: 201, body: SUBMITTED };
    if (path === '/cost-centres/mine') return costCentres;
    if (path === '/checkout/preview') return preview(body as { cost_centre_id?: string });
    if (path === '/punchout/session') return { status: 200, body: { protocol: 'cxml', operation: 'create', return_host: 'procurement.buyer.example' } };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  answers = [];
  approvalRequired = false;
  costCentres = undefined;
  forecasts = {};
  signInForTest();
  writeDraft({ billing_address_id: '00000000-0000-4000-8000-0000000000b1', delivery_address_id: '00000000-0000-4000-8000-0000000000d1', delivery_country: 'BE', shipping_method: 'bpost', external_order_number: 'PO-77' });
});

const PATH = '/:lang/checkout/personal-info';
const ROUTES = [
  { path: '/:lang/checkout/order/:orderId', element: <p>confirmation</p> },
  { path: '/:lang/my-orders/approvals/:id', element: <p>the request</p> },
  { path: '/:lang/checkout/overview', element: <p>the cart</p> },
];
const render = () => renderCheckoutPage(<PersonalInfoPage />, '/en/checkout/personal-info', { path: PATH, routes: ROUTES });

async function fillIn({ tick = true } = {}) {
  await userEvent.type(await screen.findByRole('textbox', { name: /First name/ }), 'Lucas');
  await userEvent.type(screen.getByRole('textbox', { name: /Last name/ }), 'Janssens');
  await userEvent.type(screen.getByRole('textbox', { name: /Function/ }), 'Head of purchasing');
  await userEvent.type(screen.getByRole('textbox', { name: /Full name/ }), 'Lucas Janssens');
  if (tick) await userEvent.click(screen.getByRole('checkbox', { name: /authorised to place this order/ }));
}

const place = () => userEvent.click(screen.getByRole('button', { name: EN['checkout.place.onAccount'] }));

describe('Personal information and placing the order', () => {
  it('an order that needs approval says so, and "Place order" submits it for approval instead (issue 33)', async () => {
    approvalRequired = true;
    await render();
    expect((await screen.findByTestId('approval-needed')).textContent).toContain(EN['checkout.approval.title']);
    expect(screen.queryByRole('button', { name: EN['checkout.place.onAccount'] })).toBeNull();
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: EN['checkout.approval.submit'] }));
    expect(await screen.findByText('the request')).toBeTruthy();
    expect(api.calls('/orders')).toHaveLength(0);
    expect(api.calls('/approval-requests').filter((c) => c.method === 'POST')[0]!.body).toMatchObject({ shipping_method: 'bpost', external_order_number: 'PO-77', submitter: { full_name: 'Lucas Janssens', declaration: true } });
  });

  it('asks for the cost centre where the organisation has them, sends it, and says what is left when the budget refuses (issue 33)', async () => {
    const ward = '00000000-0000-4000-8000-0000000000cc';
    costCentres = { status: 200, body: { required: true, cost_centres: [{ id: ward, code: 'ER', name: 'Emergency', remaining_cents: 12_345 }] } };
    answers = [{ status: 409, body: { title: 'Over budget', status: 409, code: 'BUDGET_EXCEEDED', remaining_cents: 12_345, cost_centre: { code: 'ER', name: 'Emergency' } } }];
    await render();
    await fillIn();
    await place();
    // Not chosen yet: the field says so and nothing is sent.
    expect(await screen.findByText(/Choose a cost centre/)).toBeTruthy();
    expect(api.calls('/orders')).toHaveLength(0);
    await userEvent.click(screen.getByRole('radio', { name: /ER — Emergency/ }));
    await place();
    const refusal = await screen.findByTestId('budget-exceeded');
    expect(refusal.textContent).toContain('exceeds the budget of cost centre ER — Emergency');
    expect(refusal.textContent).toMatch(/123[.,]45/);
    expect(api.calls('/orders')[0]!.body).toMatchObject({ cost_centre_id: ward });
  });

  it('an order over budget where the organisation has it approved: says so, and the button submits the same checkout for approval (issue 33)', async () => {
    const ward = '00000000-0000-4000-8000-0000000000cc';
    costCentres = { status: 200, body: { required: true, cost_centres: [{ id: ward, code: 'ER', name: 'Emergency', remaining_cents: 500 }] } };
    answers = [{ status: 409, body: { title: 'Over budget', status: 409, code: 'BUDGET_APPROVAL_REQUIRED', remaining_cents: 500, cost_centre: { code: 'ER', name: 'Emergency' } } }];
    await render();
    await fillIn();
    await userEvent.click(await screen.findByRole('radio', { name: /ER — Emergency/ }));
    await place();
    const notice = await screen.findByTestId('budget-exceeded');
    expect(notice.textContent).toContain('exceeds the budget of cost centre ER — Emergency');
    expect(notice.textContent).toContain('submit it for approval');
    await userEvent.click(screen.getByRole('button', { name: EN['checkout.approval.submit'] }));
    expect(await screen.findByText('the request')).toBeTruthy();
    expect(api.calls('/orders')).toHaveLength(1);
    expect(api.calls('/approval-requests').filter((c) => c.method === 'POST')[0]!.body).toMatchObject({ cost_centre_id: ward, submitter: { full_name: 'Lucas Janssens' } });
  });

  it('says before placing that the order is over the chosen cost centre\'s budget and cannot be placed as it is (issue 44.14)', async () => {
    const [roomy, tight] = ['00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000c2'];
    costCentres = { status: 200, body: { required: true, cost_centres: [{ id: roomy, code: 'ER', name: 'Emergency', remaining_cents: 900_000 }, { id: tight, code: 'ICU', name: 'Intensive care', remaining_cents: 12_345 }] } };
    forecasts = {
      [roomy]: { outcome: 'fits', remaining_cents: 900_000, cost_centre: { code: 'ER', name: 'Emergency' } },
      [tight]: { outcome: 'refused', remaining_cents: 12_345, cost_centre: { code: 'ICU', name: 'Intensive care' } },
    };
    await render();
    await fillIn();
    // Within its budget: nothing to say.
    await userEvent.click(await screen.findByRole('radio', { name: /ER — Emergency/ }));
    await waitFor(() => expect(api.calls('/checkout/preview').map((c) => c.body)).toContainEqual({ delivery_country: 'BE', shipping_method: 'bpost', cost_centre_id: roomy }));
    expect(screen.queryByTestId('budget-forecast')).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: /ICU — Intensive care/ }));
    const notice = await screen.findByTestId('budget-forecast');
    expect(notice.textContent).toContain('This order exceeds the budget of cost centre ICU — Intensive care');
    expect(notice.textContent).toMatch(/123[.,]45/);
    expect(notice.textContent).toContain(EN['checkout.budget.cannotPlace']);
    // Before the button, and said before anything is placed.
    const button = screen.getByRole('button', { name: EN['checkout.place.onAccount'] });
    expect(notice.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(api.calls('/orders')).toHaveLength(0);
  });

  it('says before placing that the order over budget goes to approval, and the button submits it for approval at once (issue 44.14)', async () => {
    const ward = '00000000-0000-4000-8000-0000000000cc';
    costCentres = { status: 200, body: { required: true, cost_centres: [{ id: ward, code: 'ER', name: 'Emergency', remaining_cents: 500 }] } };
    forecasts = { [ward]: { outcome: 'approval', remaining_cents: 500, cost_centre: { code: 'ER', name: 'Emergency' } } };
    await render();
    await fillIn();
    await userEvent.click(await screen.findByRole('radio', { name: /ER — Emergency/ }));
    const notice = await screen.findByTestId('budget-forecast');
    expect(notice.textContent).toContain('This order exceeds the budget of cost centre ER — Emergency');
    expect(notice.textContent).toContain('submit it for approval');
    expect(notice.textContent).not.toContain(EN['checkout.budget.cannotPlace']);
    await userEvent.click(screen.getByRole('button', { name: EN['checkout.approval.submit'] }));
    expect(await screen.findByText('the request')).toBeTruthy();
    // Never tried as an order first.
    expect(api.calls('/orders')).toHaveLength(0);
    expect(api.calls('/approval-requests').filter((c) => c.method === 'POST')[0]!.body).toMatchObject({ cost_centre_id: ward });
  });

  it('requires the authorisation declaration', async () => {
    await render();
    await fillIn({ tick: false });
    await place();
    expect(await screen.findByText('You must confirm that you are authorised to place this order.')).toBeTruthy();
    expect(screen.getByTestId('form-incomplete').textContent).toContain('The form has not been completed completely');
    expect(api.calls('/orders')).toHaveLength(0);
  });

  it('submitted empty, names this step\'s missing fields, not the addresses and the shipping method that are fine (issue 32)', async () => {
    await render();
    await screen.findByRole('textbox', { name: /First name/ });
    await place();
    const notice = await screen.findByTestId('form-incomplete');
    expect(notice.textContent).toContain('The form has not been completed completely');
    expect(notice.textContent).not.toContain(EN['checkout.incomplete.backToExtraInfo']);
    expect(within(notice).queryByRole('link')).toBeNull();
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThan(0);
    expect(api.calls('/orders')).toHaveLength(0);
  });

  it('says the form is incomplete when an earlier step was not done, with the way back to it', async () => {
    writeDraft({ shipping_method: undefined });
    await render();
    await fillIn();
    await place();
    const notice = await screen.findByTestId('form-incomplete');
    expect(notice.textContent).toContain('The form has not been completed completely');
    expect(within(notice).getByRole('link', { name: EN['checkout.incomplete.backToExtraInfo'] })).toBeTruthy();
    expect(api.calls('/orders')).toHaveLength(0);
  });

  it('places the order on account with an Idempotency-Key and shows the confirmation', async () => {
    await render();
    await fillIn();
    await place();
    expect(await screen.findByText('confirmation')).toBeTruthy();
    const [call] = api.calls('/orders');
    expect(call!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call!.body).toEqual({
      billing_address_id: '00000000-0000-4000-8000-0000000000b1',
      delivery_address_id: '00000000-0000-4000-8000-0000000000d1',
      shipping_method: 'bpost',
      external_order_number: 'PO-77',
      remarks: '',
      submitter: { first_name: 'Lucas', last_name: 'Janssens', function: 'Head of purchasing', full_name: 'Lucas Janssens', declaration: true },
    });
    // The checkout is done: nothing of it stays behind.
    expect(readDraft()).toEqual({});
  });

  it('sends the same key when a failed submit is retried', async () => {
    answers = [{ status: 503, contentType: 'application/problem+json', body: { title: 'Busy', status: 503, code: 'HTTP_503' } }];
    await render();
    await fillIn();
    await place();
    expect(await screen.findByTestId('place-failed')).toBeTruthy();
    await place();
    expect(await screen.findByText('confirmation')).toBeTruthy();
    const [first, second] = api.calls('/orders');
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });

  it('sends a new key when the same order is retried in another language, as the API ties the key to it (decision 038)', async () => {
    answers = [{ status: 503, contentType: 'application/problem+json', body: { title: 'Busy', status: 503, code: 'HTTP_503' } }];
    await render();
    await fillIn();
    await place();
    expect(await screen.findByTestId('place-failed')).toBeTruthy();
    // The buyer switches to Dutch; the checkout kept the submitter, so the same body is sent.
    cleanup();
    await renderCheckoutPage(<PersonalInfoPage />, '/nl/checkout/personal-info', { path: PATH, routes: ROUTES });
    await userEvent.click(await screen.findByRole('button', { name: NL['checkout.place.onAccount'] }));
    expect(await screen.findByText('confirmation')).toBeTruthy();
    const [first, second] = api.calls('/orders');
    expect(second!.body).toEqual(first!.body);
    expect(second!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
  });

  it('shows the lines short of stock and sends the buyer back to the cart', async () => {
    answers = [
      {
        status: 409,
        contentType: 'application/problem+json',
        body: { title: 'Out of stock', status: 409, code: 'CHECKOUT_OUT_OF_STOCK', lines: [{ product_id: ORDER_ID, name: 'Tourniquet SOF-T', requested: 5, available: 2 }] },
      },
    ];
    await render();
    await fillIn();
    await place();
    const refused = await screen.findByTestId('order-refused');
    expect(refused.textContent).toContain(EN['checkout.refused.outOfStock']);
    expect(refused.textContent).toContain('Tourniquet SOF-T: 5 ordered, 2 available');
    await userEvent.click(screen.getByRole('link', { name: EN['checkout.refused.backToCart'] }));
    // The submitter is kept with the checkout, so leaving does not ask.
    expect(await screen.findByText('the cart')).toBeTruthy();
    expect(readDraft().submitter).toMatchObject({ full_name: 'Lucas Janssens', declaration: true });
  });

  it('places an accepted quotation: sends its id, and says so when it can no longer be ordered', async () => {
    const QUOTATION = '00000000-0000-4000-8000-0000000000a1';
    writeDraft({ quotation_id: QUOTATION });
    answers = [
      {
        status: 409,
        contentType: 'application/problem+json',
        body: { title: 'Conflict', status: 409, code: CHECKOUT_ERRORS.QUOTATION_ORDERED, errors: [{ path: 'quotation_id', message: MESSAGE_KEYS.quotationOrdered }] },
      },
    ];
    await render();
    await fillIn();
    await place();
    expect((await screen.findByTestId('quotation-refused')).textContent).toContain('This quotation has already been ordered');
    expect((api.calls('/orders')[0]!.body as { quotation_id?: string }).quotation_id).toBe(QUOTATION);
  });

  it('says the cart changed under the placement, not that the order is being placed (CHECKOUT_CART_BUSY, decision 038)', async () => {
    answers = [
      {
        status: 409,
        contentType: 'application/problem+json',
        body: { title: 'Conflict', status: 409, code: CHECKOUT_ERRORS.CART_BUSY, detail: 'The cart is being changed; try again' },
      },
    ];
    await render();
    await fillIn();
    await place();
    expect((await screen.findByTestId('cart-busy')).textContent).toContain(EN['checkout.place.cartBusy']);
    expect(screen.queryByText(EN['checkout.place.inProgress']!)).toBeNull();
    expect(screen.queryByTestId('place-failed')).toBeNull();
  });

  it("says a staff member cannot place orders with the checkout's own message (CHECKOUT_CUSTOMERS_ONLY, issue 27)", async () => {
    answers = [
      {
        status: 403,
        contentType: 'application/problem+json',
        body: { title: 'Forbidden', status: 403, code: CHECKOUT_ERRORS.CUSTOMERS_ONLY, detail: 'Only customer accounts can place orders' },
      },
    ];
    await render();
    await fillIn();
    await place();
    expect((await screen.findByTestId('customers-only')).textContent).toContain(EN['checkout.place.customersOnly']);
    expect(screen.queryByTestId('place-failed')).toBeNull();
  });

  it("says the order is past one order's maximum instead of 'could not be placed' (CHECKOUT_AMOUNT_TOO_LARGE, decision 035)", async () => {
    answers = [
      {
        status: 422,
        contentType: 'application/problem+json',
        body: {
          title: 'Too large',
          status: 422,
          code: CHECKOUT_ERRORS.AMOUNT_TOO_LARGE,
          errors: [{ path: 'lines', message: 'checkout.amountTooLarge', values: { count: 1000000 } }],
        },
      },
    ];
    await render();
    await fillIn();
    await place();
    expect((await screen.findByTestId('amount-too-large')).textContent).toBe('An order can hold goods worth at most € 1,000,000 excluding VAT. Split it over several orders.');
    expect(screen.queryByTestId('place-failed')).toBeNull();
  });

  it('says a punchout\'s cart goes back to the procurement system when the API refuses the order (PUNCHOUT_ORDER_IN_PROCUREMENT, decision 052)', async () => {
    answers = [{ status: 409, body: { title: 'Conflict', status: 409, code: PUNCHOUT_ERRORS.ORDER_IN_PROCUREMENT, detail: 'This cart goes back to your procurement system' } }];
    await render();
    await fillIn();
    await place();
    const notice = await screen.findByTestId('punchout-order-there');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain(EN['checkout.punchout.orderThere']);
    expect(screen.queryByTestId('place-failed')).toBeNull();
    await userEvent.click(within(notice).getByRole('link', { name: EN['checkout.punchout.toCart'] }));
    expect(await screen.findByText('the cart')).toBeTruthy();
  });

  it('shows the notice instead of the form while the sign-in is a punchout session (the shell\'s marker cookie)', async () => {
    document.cookie = 'punchout=1; path=/';
    try {
      await render();
      expect((await screen.findByTestId('punchout-order-there')).textContent).toContain(EN['checkout.punchout.orderThere']);
      expect(screen.queryByRole('button', { name: EN['checkout.place.onAccount'] })).toBeNull();
      expect(api.calls('/orders')).toHaveLength(0);
    } finally {
      document.cookie = 'punchout=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
  });
});
