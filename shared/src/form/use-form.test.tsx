// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../i18n/messages/en.json';
import { MESSAGE_KEYS } from '../schemas/messages';
import { renderUi } from '../ui/test-utils';
import { Input } from '../ui/input/input';
import { useForm } from './use-form';

afterEach(cleanup);

const Schema = v.object({
  name: v.pipe(v.string(), v.nonEmpty(MESSAGE_KEYS.required)),
  city: v.pipe(v.string(), v.nonEmpty(MESSAGE_KEYS.required)),
});

function Form({ onValid }: { onValid: (value: v.InferOutput<typeof Schema>) => void }) {
  const form = useForm({ name: '', city: '' });
  const { attachForm } = form;
  return (
    <form
      ref={attachForm}
      onSubmit={(e) => {
        e.preventDefault();
        const value = form.validate(Schema);
        if (value) onValid(value);
      }}
    >
      <Input label="Name" {...form.field('name')} />
      <Input label="City" {...form.field('city')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('useForm', () => {
  it('shows translated errors on their fields, focuses the first, clears one on typing, then submits', async () => {
    const onValid = vi.fn();
    renderUi(
      <IntlProvider locale="en-US" messages={en}>
        <Form onValid={onValid} />
      </IntlProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(en['validation.required'])).toHaveLength(2);
    await waitFor(() => expect(document.activeElement).toBe(name));

    await userEvent.type(name, 'Ada');
    expect(name.getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getAllByText(en['validation.required'])).toHaveLength(1);
    await userEvent.type(screen.getByRole('textbox', { name: 'City' }), 'Gent');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Ada', city: 'Gent' });
  });
});
