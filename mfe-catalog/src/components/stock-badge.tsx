import { FormattedMessage } from 'react-intl';
import type { StockState } from '@portal/shared/schemas';
import { Badge, type MantineColor } from '@portal/shared/ui';

// Colour and text together: the state never depends on colour alone. Dark shades with white text
// keep the contrast at AA (the light variants fall below 4.5:1).
const COLOURS: Record<StockState, MantineColor> = {
  in_stock: 'green.9',
  low_stock: 'orange.9',
  backorder: 'blue.9',
  not_available: 'gray.8',
  not_within_contract: 'red.9',
  price_on_request: 'violet.9',
};

/** The stock display state of spec section 4. */
export function StockBadge({ state }: { state: StockState }) {
  return (
    <Badge color={COLOURS[state]} variant="filled" data-stock-state={state}>
      <FormattedMessage id={`catalog.stock.${state}`} />
    </Badge>
  );
}
