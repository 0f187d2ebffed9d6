import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-utils';
import { TableScroll } from './table-scroll';

describe('TableScroll', () => {
  it('is a named, focusable region that clips what its table positions absolutely', () => {
    renderUi(
      <TableScroll label="Products in your cart">
        <table>
          <tbody>
            <tr>
              <td>Gloves</td>
            </tr>
          </tbody>
        </table>
      </TableScroll>,
    );
    const region = screen.getByRole('region', { name: 'Products in your cart' });
    expect(region.tabIndex).toBe(0);
    // Without a position of its own, an absolutely positioned cell part escapes the scroll and widens the page.
    expect(region.style.position).toBe('relative');
    expect(region.style.overflowX).toBe('auto');
  });
});

describe('TableScroll on a phone', () => {
  it('names every body cell after its column, so a row can be shown as a card', () => {
    renderUi(
      <TableScroll label="Cart" phoneCards>
        <table>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Quantity</th>
              <th scope="col">
                <span className="mantine-VisuallyHidden-root">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Gloves</th>
              <td>10</td>
              <td>Remove</td>
            </tr>
          </tbody>
        </table>
      </TableScroll>,
    );
    const table = screen.getByRole('table');
    expect(table.hasAttribute('data-phone-cards')).toBe(true);
    const cells = [...table.querySelectorAll('tbody td')];
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual(['Quantity', null]);
  });
});
