import { FormattedMessage } from 'react-intl';
import type { StockState } from '@portal/shared/schemas';
import { Badge, type MantineColor } from '@portal/shared/ui';

// Colour and text together: the state never depends on colour alone.
const COLOURS: Record<StockState, MantineColor> = {
  in_stock: 'green',
  low_stock: 'yellow',
  backorder: 'blue',
  not_available: 'gray',
  not_within_contract: 'red',
  price_on_request: 'violet',
};

/** The stock display state of spec section 4. */
export function StockBadge({ state }: { state: StockState }) {
  return (
    <Badge color={COLOURS[state]} variant="light" data-stock-state={state}>
      <FormattedMessage id={`catalog.stock.${state}`} />
    </Badge>
  );
}
