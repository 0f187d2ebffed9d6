import { fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { useForm } from '../../form/use-form';
import { NewPasswordSchema, PasswordConfirmationSchema, passwordsMatch } from '../../schemas/password';
import { PortalThemeProvider } from '../theme-provider/portal-theme-provider';
import { NewPasswordFields } from './new-password-fields';

const messages = { 'x.password': 'New password', 'x.hint': 'At least {count} characters', 'x.confirmation': 'Repeat it', 'x.show': 'Show password', 'validation.passwordMismatch': 'No match' };
const Schema = v.pipe(v.object({ password: NewPasswordSchema, password_confirmation: PasswordConfirmationSchema }), passwordsMatch());

function Form() {
  const form = useForm({ password: '', password_confirmation: '' });
  return (
    <form onSubmit={(e) => (e.preventDefault(), form.validate(Schema))}>
      <NewPasswordFields form={form} messages={{ password: 'x.password', hint: 'x.hint', confirmation: 'x.confirmation', showPassword: 'x.show' }} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('NewPasswordFields', () => {
  it('asks for the new password twice, for password managers, with the shortest length in the hint', () => {
    render(
      <IntlProvider locale="en" messages={messages} onError={() => {}}>
        <PortalThemeProvider>
          <Form />
        </PortalThemeProvider>
      </IntlProvider>,
    );
    const password = screen.getByLabelText(/New password/);
    const confirmation = screen.getByLabelText(/Repeat it/);
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(confirmation.getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByText('At least 8 characters')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Show password' })).toHaveLength(2);

    fireEvent.change(password, { target: { value: 'Lange-Zin-1' } });
    fireEvent.change(confirmation, { target: { value: 'Lange-Zin-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(confirmation.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-invalid')).toBeNull();
  });
});
