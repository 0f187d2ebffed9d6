// The extra-info step through what the buyer sees, against a real HTTP server: the address book or a
// new address, shipping methods of the delivery country, the discount code and the step's checks.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer } from '@portal/shared/testing';
import { readDraft } from '../lib/checkout-draft';
import { address, cart, cartLine, EN, renderCheckoutPage } from '../test-support/checkout-page';
import { DELIVERY_COUNTRIES } from '@portal/shared/schemas/checkout';
import ExtraInfoPage from './extra-info';

const billing = address({ label: 'Head office', type: 'billing', is_default: true });
const warehouse = address({ label: 'Warehouse Gent', type: 'shipping', city: 'Gent', postal_code: '9000' });
const line = cartLine({ name: 'Tourniquet SOF-T' });
const totals = (shipping: number, discount: number) => ({ excl_vat: 1000 + shipping - discount, vat: 210, incl_vat: 1210 + shipping - discount, shipping_excl_vat: shipping, discount_excl_vat: discount });
let book = [billing, warehouse];
/** Shipping of bpost (cents) per what is ordered, as the server prices it: the cart, or a quotation by id. */
let shippingFor: Record<string, number> = {};
let api: ApiServer;

/** The preview refuses every request for the order's maximum (decision 035). */
let previewTooLarge = false;
/** The cart's lines as the preview answers them (a line not available: issue 32). */
let previewLines = [line];
/** The legal mentions the preview answers (a Dutch business with a VAT number: no Belgian VAT, decision 058). */
let previewMentions: string[] | undefined;
beforeAll(async () => {
  api = await startApiServer(({ method, path, query, body }) => {
    if (path === '/addresses' && method === 'GET') return { status: 200, body: book };
    if (path === '/addresses' && method === 'POST') {
      const saved = { ...(body as object), id: '00000000-0000-4000-8000-0000000000aa', is_default: false };
      return { status: 201, body: saved };
    }
    if (path === '/checkout/shipping-methods') {
      const price = shippingFor[query.get('quotation_id') ?? 'cart'] ?? 995;
      return query.get('country') === 'BE'
        ? { status: 200, body: [{ code: 'bpost', name: 'bpost', price_excl_vat: price, free_from_excl_vat: 50000 }] }
        : { status: 200, body: [] };
    }
    if (path === '/checkout/preview') {
      const request = body as { shipping_method?: string; discount_code?: string };
      if (request.discount_code === 'BIGORDER' || previewTooLarge) {
        return {
          status: 422,
          contentType: 'application/problem+json',
          body: {
            title: 'Too large',
            status: 422,
            code: 'CHECKOUT_AMOUNT_TOO_LARGE',
            errors: [{ path: 'lines', message: 'checkout.amountTooLarge', values: { count: 1000000 } }],
          },
        };
      }
      if (request.discount_code && request.discount_code !== 'WELCOME10') {
        return {
          status: 422,
          contentType: 'application/problem+json',
          body: { title: 'Invalid', status: 422, code: 'CHECKOUT_INVALID_DISCOUNT_CODE', errors: [{ path: 'discount_code', message: 'checkout.invalidDiscountCode' }] },
        };
      }
      const discount = request.discount_code ? { code: 'WELCOME10', kind: 'percentage', value: 10 } : null;
      const priced = totals(request.shipping_method ? 995 : 0, discount ? 100 : 0);
      const answered = previewMentions ? { ...priced, vat: 0, incl_vat: priced.excl_vat, vat_mentions: previewMentions } : priced;
      return { status: 200, body: { lines: previewLines, totals: answered, discount } };
    }
    if (path === '/cart') return { status: 200, body: cart([line]) };
    if (path === '/me/preferences') return { status: 200, body: { prices_incl_vat: false } };
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  book = [billing, warehouse];
  shippingFor = {};
  previewTooLarge = false;
  previewLines = [line];
  previewMentions = undefined;
  signInForTest();
});

const PATH = '/:lang/checkout/extra-info';
const NEXT = [{ path: '/:lang/checkout/personal-info', element: <p>personal info</p> }, { path: '/:lang/checkout/overview', element: <p>the cart</p> }];
const render = () => renderCheckoutPage(<ExtraInfoPage />, '/en/checkout/extra-info', { path: PATH, routes: NEXT });

describe('Extra information', () => {
  it('offers the address book and the shipping methods of the delivery country, and asks for a method', async () => {
    await render();
    const billingGroup = await screen.findByRole('radiogroup', { name: /Billing address/ });
    expect((within(billingGroup).getByRole('radio', { name: /Head office/ }) as HTMLInputElement).checked).toBe(true);
    const delivery = screen.getByRole('radiogroup', { name: /Delivery address/ });
    expect((within(delivery).getByRole('radio', { name: /Warehouse Gent/ }) as HTMLInputElement).checked).toBe(true);
    const methods = await screen.findByRole('radiogroup', { name: /Shipping method/ });
    expect(within(methods).getByRole('radio', { name: /bpost — €9.95 excl. VAT/ })).toBeTruthy();
    expect(api.calls('/checkout/shipping-methods')[0]!.query.get('country')).toBe('BE');

    await userEvent.click(screen.getByRole('button', { name: EN['checkout.next'] }));
    expect(await screen.findByText('Select a shipping method')).toBeTruthy();
    expect(screen.getByTestId('form-incomplete').textContent).toContain('The form has not been completed completely');

    await userEvent.click(within(methods).getByRole('radio', { name: /bpost/ }));
    await waitFor(() => expect(screen.getByTestId('totals').querySelector('[data-total="shipping"]')?.textContent).toContain('€9.95'));
    await userEvent.type(screen.getByRole('textbox', { name: EN['checkout.externalOrderNumber'] }), 'PO-77');
    await userEvent.click(screen.getByRole('button', { name: EN['checkout.next'] }));
    expect(await screen.findByText('personal info')).toBeTruthy();
    expect(readDraft()).toMatchObject({ billing_address_id: billing.id, delivery_address_id: warehouse.id, delivery_country: 'BE', shipping_method: 'bpost', external_order_number: 'PO-77' });
  });

  it("finds one of a hospital group's many delivery points by typing, with the summary in its own region beside the form", async () => {
    const points = Array.from({ length: 12 }, (_, i) => address({ label: `Campus ${i + 1}`, type: 'shipping', city: i === 7 ? 'Brugge' : 'Gent', postal_code: i === 7 ? '8000' : '9000', is_default: i === 0 }));
    book = [billing, ...points];
    await render();
    const delivery = await screen.findByLabelText(/Delivery address/, { selector: 'input' });
    expect(screen.queryByRole('radiogroup', { name: /Delivery address/ })).toBeNull();
    // The billing address, one of its kind, stays a radio button.
    expect(screen.getByRole('radiogroup', { name: /Billing address/ })).toBeTruthy();
    await userEvent.clear(delivery);
    await userEvent.type(delivery, 'Brugge');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('Campus 8')]);
    await userEvent.click(options[0]!);
    expect((delivery as HTMLInputElement).value).toContain('Campus 8');
    expect(screen.getByRole('complementary', { name: EN['checkout.totals.title'] })).toBeTruthy();

    const methods = await screen.findByRole('radiogroup', { name: /Shipping method/ });
    await userEvent.click(within(methods).getByRole('radio', { name: /bpost/ }));
    await userEvent.click(screen.getByRole('button', { name: EN['checkout.next'] }));
    expect(await screen.findByText('personal info')).toBeTruthy();
    expect(readDraft()).toMatchObject({ delivery_address_id: points[7]!.id });
  });

  it('sends the buyer back to the cart when a line cannot be ordered, instead of letting "Place order" refuse it (issue 32)', async () => {
    previewLines = [line, cartLine({ name: 'Splint', quantity: 5, max_quantity: 0, stock: 'not_available' })];
    await render();
    const alert = await screen.findByRole('alert', { name: EN['checkout.cart.problems.title'] });
    expect((screen.getByRole('button', { name: EN['checkout.next'] }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(alert).getByRole('link', { name: EN['checkout.cart.problems.back'] }));
    expect(await screen.findByText('the cart')).toBeTruthy();
  });

  it('says when no shipping method serves the delivery country', async () => {
    book = [billing, address({ label: 'Depot Breda', type: 'shipping', country: 'NL', postal_code: '4811 AA', city: 'Breda' })];
    await render();
    expect((await screen.findByTestId('no-shipping-method')).textContent).toContain('No shipping method available for this country');
  });

  it('applies a discount code, and refuses an invalid one', async () => {
    await render();
    const code = await screen.findByRole('textbox', { name: EN['checkout.discount.label'] });
    await userEvent.type(code, 'NOPE');
    await userEvent.click(screen.getByRole('button', { name: EN['checkout.discount.apply'] }));
    expect(await screen.findByText('Invalid discount code')).toBeTruthy();

    await userEvent.clear(code);
    await userEvent.type(code, 'welcome10');
    await userEvent.click(screen.getByRole('button', { name: EN['checkout.discount.apply'] }));
    await waitFor(() => expect(api.calls('/checkout/preview').map((c) => c.body)).toContainEqual({ discount_code: 'WELCOME10', delivery_country: 'BE' }));
    expect((await screen.findByTestId('discount-applied')).textContent).toBe('Discount code WELCOME10 applied');
    await waitFor(() => expect(screen.getByTestId('totals').querySelector('[data-total="discount"]')?.textContent).toContain('€1.00'));
  });

  it("shows the preview's own refusal under the code, not 'Invalid discount code' (the order's maximum)", async () => {
    await render();
    const code = await screen.findByRole('textbox', { name: EN['checkout.discount.label'] });
    await userEvent.type(code, 'bigorder');
    await userEvent.click(screen.getByRole('button', { name: EN['checkout.discount.apply'] }));
    expect(await screen.findByText('An order can hold goods worth at most € 1,000,000 excluding VAT. Split it over several orders.')).toBeTruthy();
    expect(screen.queryByText('Invalid discount code')).toBeNull();
  });

  it('says before ordering that no Belgian VAT is charged, with the legal mention the invoice will carry, and totals without VAT (issue 40)', async () => {
    previewMentions = ['Intra-Community supply – article 138 Directive 2006/112/EC'];
    await render();
    expect((await screen.findByTestId('vat-mention')).textContent).toBe('Intra-Community supply – article 138 Directive 2006/112/EC');
    const totalsTable = screen.getByTestId('totals');
    expect(totalsTable.querySelector('[data-total="vat"]')?.textContent).toContain('€0.00');
    expect(totalsTable.querySelector('[data-total="inclVat"] td')?.textContent).toBe(totalsTable.querySelector('[data-total="exclVat"] td')?.textContent);
  });

  it('says nothing of VAT exemptions where Belgian VAT is charged', async () => {
    await render();
    await screen.findByTestId('totals');
    expect(screen.queryByTestId('vat-mention')).toBeNull();
  });

  it("shows the order's maximum where the totals would be, not 'totals failed' (decision 035)", async () => {
    previewTooLarge = true;
    await render();
    expect(await screen.findByText('An order can hold goods worth at most € 1,000,000 excluding VAT. Split it over several orders.')).toBeTruthy();
    expect(screen.queryByText(EN['checkout.totals.failed']!)).toBeNull();
  });

  it('offers the delivery countries, and no other, for a new address (issue 40)', async () => {
    await render();
    const delivery = await screen.findByRole('radiogroup', { name: /Delivery address/ });
    await userEvent.click(within(delivery).getByRole('radio', { name: EN['checkout.address.new'] }));
    const select = within(screen.getByTestId('new_delivery-fields')).getByRole('combobox', { name: 'Country' });
    expect(within(select).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual([...DELIVERY_COUNTRIES]);
  });

  it('saves a new delivery address in the Dutch format to the book', async () => {
    await render();
    const delivery = await screen.findByRole('radiogroup', { name: /Delivery address/ });
    await userEvent.click(within(delivery).getByRole('radio', { name: EN['checkout.address.new'] }));
    const fields = screen.getByTestId('new_delivery-fields');
    await userEvent.selectOptions(within(fields).getByRole('combobox', { name: 'Country' }), 'NL');
    await userEvent.type(within(fields).getByRole('textbox', { name: /Address name/ }), 'Depot Breda');
    await userEvent.type(within(fields).getByRole('textbox', { name: /Street/ }), 'Markt');
    await userEvent.type(within(fields).getByRole('textbox', { name: /Number/ }), '5');
    await userEvent.type(within(fields).getByRole('textbox', { name: /Postal code/ }), '4811');
    await userEvent.type(within(fields).getByRole('textbox', { name: /City/ }), 'Breda');
    await userEvent.type(within(fields).getByRole('textbox', { name: /Email address/ }), 'depot@example.nl');
    await userEvent.type(within(fields).getByRole('textbox', { name: /Telephone number/ }), '+31 76 123 4567');
    await userEvent.click(screen.getByRole('button', { name: EN['checkout.next'] }));
    // 4811 is a Belgian postal code, not a Dutch one.
    expect(await within(fields).findByText('Invalid format')).toBeTruthy();
    expect(api.calls('/addresses').filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(await screen.findByTestId('no-shipping-method')).toBeTruthy();
  });

  it('asks before leaving with unsaved input', async () => {
    await render();
    await userEvent.type(await screen.findByRole('textbox', { name: EN['checkout.remarks'] }), 'Ring twice');
    await userEvent.click(screen.getByRole('link', { name: EN['checkout.backToCart'] }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(dialog.textContent).toContain('All unsaved changes will be lost, are you sure?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('the cart')).toBeTruthy();
  });

  it('checks out an accepted quotation: keeps its id, shows its lines and quoted totals, and goes back to it', async () => {
    const QUOTATION = '00000000-0000-4000-8000-0000000000a1';
    await renderCheckoutPage(<ExtraInfoPage />, `/en/checkout/extra-info?quotation=${QUOTATION}`, { path: PATH, routes: NEXT });
    expect((await screen.findByTestId('checkout-quotation')).textContent).toContain(EN['checkout.quotation.ordering']);
    const lines = await screen.findByRole('table', { name: EN['checkout.quotation.lines'] });
    expect(within(lines).getByText(/Tourniquet SOF-T/)).toBeTruthy();
    expect(readDraft().quotation_id).toBe(QUOTATION);
    await waitFor(() => expect(api.calls('/checkout/preview').some((c) => (c.body as { quotation_id?: string }).quotation_id === QUOTATION)).toBe(true));
    expect(screen.getByRole('link', { name: EN['checkout.quotation.back'] }).getAttribute('href')).toBe(`/en/quotations/${QUOTATION}`);
    expect(screen.queryByRole('link', { name: EN['checkout.backToCart'] })).toBeNull();
  });

  // The "free from" label follows what is ordered: the quotation's total decides, not the cart beside it.
  it('prices the shipping methods for the quotation being ordered, not the cart', async () => {
    const ABOVE = '00000000-0000-4000-8000-0000000000a1';
    shippingFor = { cart: 995, [ABOVE]: 0 };
    await renderCheckoutPage(<ExtraInfoPage />, `/en/checkout/extra-info?quotation=${ABOVE}`, { path: PATH, routes: NEXT });
    const methods = await screen.findByRole('radiogroup', { name: /Shipping method/ });
    const bpost = await within(methods).findByRole('radio', { name: `bpost — ${EN['checkout.shipping.free']}` });
    expect(bpost.getAttribute('aria-describedby')).toBeNull();
    expect(within(methods).queryByText(/Free from/)).toBeNull();
    expect(api.calls('/checkout/shipping-methods').map((c) => c.query.get('quotation_id'))).toEqual([ABOVE]);
  });

  it('shows "Free from" for a quotation below it while the cart is above it', async () => {
    const BELOW = '00000000-0000-4000-8000-0000000000b1';
    shippingFor = { cart: 0, [BELOW]: 995 };
    await renderCheckoutPage(<ExtraInfoPage />, `/en/checkout/extra-info?quotation=${BELOW}`, { path: PATH, routes: NEXT });
    const methods = await screen.findByRole('radiogroup', { name: /Shipping method/ });
    expect(await within(methods).findByRole('radio', { name: /bpost — €9.95 excl. VAT/ })).toBeTruthy();
    expect(within(methods).getByText('Free from €500.00')).toBeTruthy();
    expect(api.calls('/checkout/shipping-methods').map((c) => c.query.get('quotation_id'))).toEqual([BELOW]);
  });
});
