import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, stubApi } from '../test-support/render-page';
import RegisterPage from './register';

const fill = async (label: RegExp | string, value: string) => {
  const field = screen.getByLabelText(label);
  await userEvent.clear(field);
  await userEvent.type(field, value);
};

async function fillAccount() {
  await fill(/^Voornaam/, 'Sofie');
  await fill(/^Achternaam/, 'Peeters');
  await fill(/^E-mailadres/, 'sofie@example.be');
  await fill(/^Telefoonnummer/, '0470 12 34 56');
  await fill(/^Wachtwoord( \*)?$/, 'Verband-2025!');
  await fill(/^Bevestig het wachtwoord/, 'Verband-2025!');
}
async function fillAddress() {
  await fill(/^Naam van het adres/, 'Hoofdzetel');
  await fill(/^Straat/, 'Meir');
  await fill(/^Nummer/, '1');
  await fill(/^Postcode/, '2000');
  await fill(/^Gemeente/, 'Antwerpen');
  await fill(/^E-mailadres voor dit adres/, 'facturen@example.be');
  await fill(/^Telefoonnummer voor dit adres/, '03 123 45 67');
}
const next = () => userEvent.click(screen.getByRole('button', { name: 'Volgende' }));

describe('registration page', () => {
  it('goes through three steps, keeps what was typed when going back, and sends one registration', async () => {
    const calls = stubApi(({ path }) => (path === '/api/v1/auth/register' ? { status: 202, body: { status: 'verification_required', resend_after_seconds: 60 } } : undefined));
    const { router } = renderPage(<RegisterPage />, '/nl/auth/register');
    expect(await screen.findByText('Stap 1 van 3: Accountgegevens')).toBeTruthy();
    expect(screen.getByLabelText(/^Telefoonnummer/).getAttribute('placeholder')).toBe('+32 470 12 34 56');
    await next();
    expect((await screen.findAllByText('Dit veld is verplicht.')).length).toBeGreaterThanOrEqual(5);
    await fillAccount();
    await fill(/^Bevestig het wachtwoord/, 'Anders-2025!');
    await fill(/^Telefoonnummer/, '12');
    await next();
    expect(await screen.findByText('Uw wachtwoorden komen niet overeen')).toBeTruthy();
    expect(screen.getByText('Verkeerd telefoonnummer')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Telefoonnummer/)));
    await fill(/^Telefoonnummer/, '0470 12 34 56');
    await fill(/^Bevestig het wachtwoord/, 'Verband-2025!');
    await next();

    expect(await screen.findByText('Stap 2 van 3: Adresgegevens')).toBeTruthy();
    await fillAddress();
    await userEvent.click(screen.getByRole('button', { name: 'Vorige' }));
    expect(await screen.findByText('Stap 1 van 3: Accountgegevens')).toBeTruthy();
    expect((screen.getByLabelText(/^Voornaam/) as HTMLInputElement).value).toBe('Sofie');
    await next();
    expect((screen.getByLabelText(/^Straat/) as HTMLInputElement).value).toBe('Meir');
    await next();

    expect(await screen.findByText('Stap 3 van 3: Organisatie')).toBeTruthy();
    expect(screen.getByLabelText(/^Btw-nummer/).getAttribute('placeholder')).toBe('BE0123.456.789');
    await fill(/^Naam van de organisatie/, 'Ambulance Antwerpen');
    await fill(/^Btw-nummer/, 'BE0403.170.702');
    await userEvent.click(screen.getByRole('button', { name: 'Mijn account aanmaken' }));
    expect(await screen.findByText('Onjuist btw-nummer')).toBeTruthy();
    expect(screen.getByText('U moet de algemene voorwaarden aanvaarden.')).toBeTruthy();
    await fill(/^Btw-nummer/, 'BE0403.170.701');
    await userEvent.click(screen.getByLabelText('Medisch'));
    await userEvent.click(screen.getByLabelText(/Ik aanvaard de algemene voorwaarden/));
    await userEvent.click(screen.getByRole('button', { name: 'Mijn account aanmaken' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/nl/auth/verify'));
    const sent = calls.filter((c) => c.path === '/api/v1/auth/register');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      kind: 'webshop',
      locale: 'nl',
      first_name: 'Sofie',
      phone: '+32470123456',
      vat_number: 'BE0403170701',
      organisation_type: 'medical',
      terms: true,
      address: { street: 'Meir', postal_code: '2000', country: 'BE' },
    });
  });

  it('shows the registration failure message when the server fails', async () => {
    stubApi(({ path }) => (path === '/api/v1/auth/register' ? { status: 500, body: { title: 'Internal Server Error', status: 500, code: 'INTERNAL' } } : undefined));
    renderPage(<RegisterPage />, '/en/auth/register?type=contract');
    expect((await screen.findByLabelText('Request a supply contract for my organisation')) as HTMLInputElement).toHaveProperty('checked', true);
    await fill(/^First name/, 'Jan');
    await fill(/^Last name/, 'Claes');
    await fill(/^Email address/, 'jan@example.be');
    await fill(/^Phone number/, '+32 470 11 22 33');
    await fill(/^Password/, 'Verband-2025!');
    await fill(/^Confirm password/, 'Verband-2025!');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await fill(/^Address name/, 'Office');
    await fill(/^Street/, 'Rue Royale');
    await fill(/^Number/, '10');
    await fill(/^Postal code/, '1000');
    await fill(/^City/, 'Brussels');
    await fill(/^Email address for this address/, 'office@example.be');
    await fill(/^Phone number for this address/, '02 123 45 67');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await fill(/^Organisation name/, 'Brussels Emergency');
    await userEvent.click(screen.getByLabelText('Medical and tactical'));
    await fill(/^VAT number/, '0403.170.701');
    await userEvent.click(screen.getByLabelText(/I accept the terms and conditions/));
    await userEvent.click(screen.getByRole('button', { name: 'Send my request' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong with your request.');
    expect(alert.textContent).toContain('Contact us for more information.');
  });
});
