import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations, renderUi } from '../test-utils';
import { Text, TEXT_VARIANTS } from './text';

describe('Text', () => {
  it('has the seven variants of the spec', () => {
    expect(TEXT_VARIANTS).toEqual(['hero', 'title', 'subtitle', 'heading', 'body', 'subtext', 'caption']);
  });

  it('renders body in a paragraph by default', () => {
    renderUi(<Text>Hello</Text>);
    const el = screen.getByText('Hello');
    expect(el.tagName).toBe('P');
    expect(el.dataset.textVariant).toBe('body');
  });

  it.each(TEXT_VARIANTS)('renders the %s variant with its own size', (variant) => {
    renderUi(<Text variant={variant}>{variant}</Text>);
    const el = screen.getByText(variant);
    expect(el.dataset.textVariant).toBe(variant);
    expect(el.getAttribute('style') ?? '').toMatch(/font-size/);
  });

  it('gives each variant a different size and weight', () => {
    renderUi(
      <>
        {TEXT_VARIANTS.map((variant) => (
          <Text key={variant} variant={variant}>
            {variant}
          </Text>
        ))}
      </>,
    );
    const looks = TEXT_VARIANTS.map((variant) => screen.getByText(variant).getAttribute('style'));
    expect(new Set(looks).size).toBe(TEXT_VARIANTS.length);
  });

  it('renders as a heading when asked, and passes axe', async () => {
    const { container } = renderUi(
      <main>
        <Text variant="title" component="h1">
          My orders
        </Text>
        <Text variant="subtext">Last 30 days</Text>
      </main>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'My orders' })).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });
});
