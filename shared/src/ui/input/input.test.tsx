import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { axeViolations, renderUi } from '../test-utils';
import { Input } from './input';

describe('Input', () => {
  it('is a text field linked to its label, typing works', async () => {
    const onChange = vi.fn();
    renderUi(<Input label="Company name" onChange={(e) => onChange(e.currentTarget.value)} />);
    const field = screen.getByRole('textbox', { name: 'Company name' }) as HTMLInputElement;
    expect(field.type).toBe('text');
    await userEvent.type(field, 'Acme');
    expect(onChange).toHaveBeenLastCalledWith('Acme');
  });

  it('takes another type', () => {
    renderUi(<Input label="Email" type="email" />);
    expect((screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement).type).toBe('email');
  });

  it('wires the error message for assistive technology', () => {
    renderUi(<Input label="VAT number" error="Incorrect VAT number" />);
    const field = screen.getByRole('textbox', { name: 'VAT number' });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = field.getAttribute('aria-describedby') ?? '';
    const message = screen.getByText('Incorrect VAT number');
    expect(describedBy.split(' ')).toContain(message.id);
  });

  it('keeps typed text in the text colour when invalid (the border and message mark the error)', () => {
    renderUi(<Input label="Postcode" error="Invalid format" defaultValue="12" />);
    const field = screen.getByRole('textbox', { name: 'Postcode' });
    expect(field.style.color).toBe('var(--mantine-color-text)');
  });

  it('can be invalid without a message', () => {
    renderUi(<Input label="Phone" invalid />);
    expect(screen.getByRole('textbox', { name: 'Phone' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('is valid by default', () => {
    renderUi(<Input label="City" />);
    expect(screen.getByRole('textbox', { name: 'City' }).getAttribute('aria-invalid')).not.toBe('true');
  });

  it('can be disabled', () => {
    renderUi(<Input label="Customer number" disabled />);
    expect((screen.getByRole('textbox', { name: 'Customer number' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('shows left and right icons, and a spinner instead of the right icon while loading', () => {
    const { container, rerender } = renderUi(<Input label="Search" leftIcon="search" rightIcon="close" />);
    expect(container.querySelector('[data-icon="search"]')).not.toBeNull();
    expect(container.querySelector('[data-icon="close"]')).not.toBeNull();
    rerender(<Input label="Search" leftIcon="search" rightIcon="close" loading />);
    expect(container.querySelector('[data-icon="close"]')).toBeNull();
    expect(container.querySelector('.mantine-Loader-root')).not.toBeNull();
    expect(screen.getByRole('textbox', { name: 'Search' }).getAttribute('aria-busy')).toBe('true');
  });

  it('passes axe in its states', async () => {
    const { container } = renderUi(
      <form>
        <Input label="Name" />
        <Input label="VAT number" error="Incorrect VAT number" description="BE0123.456.789" />
        <Input label="Phone" invalid placeholder="+32 470 12 34 56" />
        <Input label="Number" disabled />
        <Input label="Search" leftIcon="search" loading />
      </form>,
    );
    expect(await axeViolations(container)).toEqual([]);
  });
});
