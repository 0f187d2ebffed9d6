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
