import { FormattedMessage } from 'react-intl';
import type { StockState } from '@portal/shared/schemas/shop';
import { Badge, type MantineColor } from '@portal/shared/ui';

// Colour and text together: the state never depends on colour alone. Dark shades with white text
// keep the contrast at AA (the light variants fall below 4.5:1).
export const STATE_COLOURS: Record<StockState, MantineColor> = {
  in_stock: '#1b5e20',
  low_stock: '#7a4100',
  backorder: '#0d47a1',
  not_available: '#424242',
  not_within_contract: '#b71c1c',
  price_on_request: '#4a148c',
};

/** The stock display state of spec section 4. */
export function StockBadge({ state }: { state: StockState }) {
  return (
    <Badge color={STATE_COLOURS[state]} autoContrast variant="filled" data-stock-state={state}>
      <FormattedMessage id={`catalog.stock.${state}`} />
    </Badge>
  );
}
