import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Icon } from '../icon/icon';
import { axeViolations, renderUi } from '../test-utils';
import { Button, ButtonLink, BUTTON_SIZES, BUTTON_VARIANTS } from './button';

describe('Button', () => {
  it('has the variants and sizes of the spec', () => {
    expect(BUTTON_VARIANTS).toEqual(['default', 'destructive', 'destructive-outline', 'ghost', 'muted', 'outline', 'secondary']);
    expect(BUTTON_SIZES).toEqual(['default', 'lg', 'sm', 'xs', 'unset']);
  });

  it('is a non-submitting button by default and reacts to clicks', async () => {
    const onClick = vi.fn();
    renderUi(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.dataset.buttonVariant).toBe('default');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it.each(BUTTON_VARIANTS)('renders the %s variant', (variant) => {
    renderUi(<Button variant={variant}>{variant}</Button>);
    const button = screen.getByRole('button', { name: variant });
    expect(button.dataset.buttonVariant).toBe(variant);
    // Mantine's own variant attribute: each look maps to one of Mantine's.
    expect(button.dataset.variant).toMatch(/^(filled|outline|subtle|default)$/);
  });

  it('maps the looks to different Mantine variants or colours', () => {
    renderUi(
      <>
        {BUTTON_VARIANTS.map((variant) => (
          <Button key={variant} variant={variant}>
            {variant}
          </Button>
        ))}
      </>,
    );
    const looks = BUTTON_VARIANTS.map((variant) => {
      const b = screen.getByRole('button', { name: variant });
      return `${b.dataset.variant}|${b.getAttribute('style')}`;
    });
    expect(new Set(looks).size).toBe(BUTTON_VARIANTS.length);
  });

  it.each(BUTTON_SIZES)('renders the %s size', (size) => {
    renderUi(<Button size={size}>{size}</Button>);
    const button = screen.getByRole('button', { name: size });
    expect(button.dataset.buttonSize).toBe(size);
    if (size === 'unset') expect(button.getAttribute('style')).toMatch(/height: auto/);
  });

  it('shows a spinner, is busy and ignores clicks while loading', async () => {
    const onClick = vi.fn();
    renderUi(
      <Button loading onClick={onClick}>
        Pay
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Pay' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.hasAttribute('disabled') || button.getAttribute('data-loading') === 'true').toBe(true);
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('can be disabled and submit a form', () => {
    renderUi(
      <form>
        <Button type="submit" disabled>
          Send
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(button.type).toBe('submit');
    expect(button.disabled).toBe(true);
  });

  it('passes axe in every variant, with icons and while loading', async () => {
    const { container } = renderUi(
      <div>
        {BUTTON_VARIANTS.map((variant) => (
          <Button key={variant} variant={variant} leftSection={<Icon name="checkmark" />}>
            {variant}
          </Button>
        ))}
        <Button loading>Loading</Button>
        <Button size="unset" aria-label="Close">
          <Icon name="close" />
        </Button>
      </div>,
    );
    expect(await axeViolations(container)).toEqual([]);
  });
});

describe('ButtonLink', () => {
  it('renders a real link with the button look, not a button', () => {
    renderUi(
      <ButtonLink component="a" href="/en/products" variant="outline" size="sm">
        Visit the shop
      </ButtonLink>,
    );
    const link = screen.getByRole('link', { name: 'Visit the shop' });
    expect(link.getAttribute('href')).toBe('/en/products');
    expect(link.getAttribute('type')).toBeNull();
    expect(link.getAttribute('data-button-variant')).toBe('outline');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
