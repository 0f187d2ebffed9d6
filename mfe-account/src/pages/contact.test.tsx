// The contact form requires the terms; the newsletter sign-up shows the spec's failure message.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signInForTest, startApiServer, type ApiServer, type TestResponse } from '@portal/shared/testing';
import { EN, renderAccountPage } from '../test-support/account-page';
import ContactPage from './contact';

let newsletter: () => TestResponse;
let api: ApiServer;

beforeAll(async () => {
  api = await startApiServer(({ path }) => {
    if (path === '/contact') return { status: 202, body: { status: 'sent' } };
    if (path === '/newsletter') return newsletter();
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  signInForTest();
});

describe('Contact', () => {
  it('sends nothing until the terms are accepted, then sends the message', async () => {
    await renderAccountPage(<ContactPage />, '/en/contact');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: EN['account.contact.type'] }), 'order');
    await userEvent.type(screen.getByRole('textbox', { name: EN['account.contact.message'] }), 'Where is my order?');
    await userEvent.click(screen.getByRole('button', { name: EN['account.contact.send'] }));
    expect(await screen.findByText('You must accept the terms and conditions.')).toBeTruthy();
    expect(api.calls('/contact')).toEqual([]);

    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: EN['account.contact.send'] }));
    expect(await screen.findByText(EN['account.contact.sent']!)).toBeTruthy();
    expect(api.calls('/contact')[0]!.body).toEqual({ type: 'order', message: 'Where is my order?', terms: true });
  });

  it('signs up for the newsletter, and says so when it fails', async () => {
    newsletter = () => ({ status: 202, body: { status: 'confirmation_sent' } });
    await renderAccountPage(<ContactPage />, '/nl/contact');
    const email = await screen.findByRole('textbox', { name: 'E-mailadres voor de nieuwsbrief' });
    await userEvent.type(email, 'lezer@example.be');
    await userEvent.click(screen.getByRole('button', { name: 'Inschrijven' }));
    await waitFor(() => expect(api.calls('/newsletter')[0]!.body).toEqual({ email: 'lezer@example.be', locale: 'nl' }));
    expect(api.calls('/newsletter')[0]!.headers.authorization).toBeUndefined();

    newsletter = () => ({ status: 500, contentType: 'application/problem+json', body: { title: 'Error', status: 500, code: 'INTERNAL' } });
    await userEvent.click(screen.getByRole('button', { name: 'Inschrijven' }));
    expect(await screen.findByText('Er ging iets mis bij het inschrijven op de nieuwsbrief')).toBeTruthy();
  });
});
