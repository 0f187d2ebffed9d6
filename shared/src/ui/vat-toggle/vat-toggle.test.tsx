import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-utils';
import { VatToggle } from './vat-toggle';

function Harness({ seen }: { seen: boolean[] }) {
  const [inclVat, setInclVat] = useState(false);
  return (
    <VatToggle
      inclVat={inclVat}
      label="Prices incl. VAT"
      onChange={(next) => {
        seen.push(next);
        setInclVat(next);
      }}
    />
  );
}

describe('VatToggle', () => {
  it('shows the preference as a labelled switch and reports each change', async () => {
    const seen: boolean[] = [];
    renderUi(<Harness seen={seen} />);
    const toggle = screen.getByRole('switch', { name: 'Prices incl. VAT' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    await userEvent.click(toggle);
    expect(toggle.checked).toBe(true);
    await userEvent.click(toggle);
    expect(seen).toEqual([true, false]);
  });
});
