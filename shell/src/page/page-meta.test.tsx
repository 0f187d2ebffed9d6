// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageTitle } from '@portal/shared/routing';
import { PageMeta } from './page-meta';

afterEach(cleanup);

function Product() {
  usePageTitle('Tourniquet CAT Gen 7');
  return <p>detail</p>;
}

const page = (withProduct: boolean) => (
  <IntlProvider locale="en" messages={{ 'title.product': 'Product' }}>
    <PageMeta handle={{ titleKey: 'title.product' }}>{withProduct ? <Product /> : null}</PageMeta>
  </IntlProvider>
);

describe('PageMeta', () => {
  it("titles the tab with the page's own name while it shows one, else with the route's title", () => {
    const { rerender } = render(page(true));
    expect(document.title).toBe('Tourniquet CAT Gen 7 | Portal');
    rerender(page(false));
    expect(document.title).toBe('Product | Portal');
  });
});
