// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageTitle } from '@portal/shared/routing';
import { PageMeta } from './page-meta';

afterEach(cleanup);

let hideProduct: () => void = () => {};
function Product() {
  usePageTitle('Tourniquet CAT Gen 7');
  return <p>detail</p>;
}
function Page() {
  const [shown, setShown] = useState(true);
  hideProduct = () => setShown(false);
  return shown ? <Product /> : null;
}

describe('PageMeta', () => {
  it("titles the tab with the page's own name while it shows one, else with the route's title", async () => {
    render(
      <IntlProvider locale="en" messages={{ 'title.product': 'Product' }}>
        <PageMeta handle={{ titleKey: 'title.product' }}>
          <Page />
        </PageMeta>
      </IntlProvider>,
    );
    expect(document.title).toBe('Tourniquet CAT Gen 7 | Portal');
    act(() => hideProduct());
    expect(document.title).toBe('Product | Portal');
  });
});
