// `./widgets/frequently-ordered`: the signed-in dashboard's list of what the buyer's organisation
// orders most, to order again in one click (a B2B reorder shortcut).
import { FormattedDate, FormattedMessage } from 'react-intl';
import { useFrequentlyOrdered } from '../features/dashboard-widgets/api/get-frequently-ordered';
import { WidgetFrame } from '../features/dashboard-widgets/components/widget-frame';
import { WidgetProductList } from '../features/dashboard-widgets/components/widget-product-list';
import { useLocale } from '@portal/shared/navigation';
export { loadMessages } from '../messages/load-messages';
// The portal's query cache around the widget (decision 033): the shell does not provide it.
export { PortalQueryProvider as Providers } from '@portal/shared/query';

export function Widget() {
  const locale = useLocale();
  const query = useFrequentlyOrdered(locale);
  const items = query.data?.items ?? [];
  return (
    <WidgetFrame
      id="frequently-ordered"
      titleId="catalog.widget.frequent.title"
      descriptionId="catalog.widget.frequent.description"
      status={query.status}
      onRetry={() => void query.refetch()}
      empty={items.length === 0}
      emptyId="catalog.widget.frequent.empty"
      link={{ to: `/${locale}/quick-order`, labelId: 'catalog.widget.frequent.link' }}
    >
      <WidgetProductList
        items={items.map((item) => ({
          product: item.product,
          detail: (
            <FormattedMessage
              id="catalog.widget.frequent.detail"
              values={{ count: item.times_ordered, date: <FormattedDate value={item.last_ordered_at} dateStyle="medium" /> }}
            />
          ),
        }))}
      />
    </WidgetFrame>
  );
}
