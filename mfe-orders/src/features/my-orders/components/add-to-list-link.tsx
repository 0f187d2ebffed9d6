// "Add all lines to a list": order lists live in the catalogue (decision 056); its lists page opens
// the add dialog with this order's lines (/order-lists?order=<number>). Only an organisation's
// buyers have lists (not staff, not web-shop customers).
import { FormattedMessage } from 'react-intl';
import { useLocale } from '@portal/shared/navigation';
import { Link } from '@portal/shared/router';
import { useAudience } from '@portal/shared/session';
import { Anchor } from '@portal/shared/ui';

export function AddToListLink({ number }: { number: string }) {
  const locale = useLocale();
  const audience = useAudience();
  if (audience !== 'contract') return null;
  return (
    <Anchor component={Link} to={`/${locale}/order-lists?order=${encodeURIComponent(number)}`} data-testid="order-add-to-list" style={{ alignSelf: 'flex-start' }}>
      <FormattedMessage id="orders.lists.addAll" />
    </Anchor>
  );
}
