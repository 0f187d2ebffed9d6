// `./widgets/new-in-contract`: the signed-in dashboard's list of products that entered the buyer's
// contract in the last 90 days.
import { FormattedDate, FormattedMessage } from 'react-intl';
import { useNewInContract } from '../features/dashboard-widgets/api/get-new-in-contract';
import { WidgetFrame } from '../features/dashboard-widgets/components/widget-frame';
import { WidgetProductList } from '../features/dashboard-widgets/components/widget-product-list';
import { useLocale } from '@portal/shared/navigation';
export { loadMessages } from '../messages/load-messages';
// The portal's query cache around the widget (decision 033): the shell does not provide it.
export { PortalQueryProvider as Providers } from '@portal/shared/query';

export function Widget() {
  const locale = useLocale();
  const query = useNewInContract(locale);
  const items = query.data?.items ?? [];
  return (
    <WidgetFrame
      id="new-in-contract"
      titleId="catalog.widget.new.title"
      descriptionId="catalog.widget.new.description"
      status={query.status}
      onRetry={() => void query.refetch()}
      empty={items.length === 0}
      emptyId="catalog.widget.new.empty"
      link={{ to: `/${locale}/my-products`, labelId: 'catalog.widget.new.link' }}
    >
      <WidgetProductList
        items={items.map((item) => ({
          product: item.product,
          detail: <FormattedMessage id="catalog.widget.new.detail" values={{ date: <FormattedDate value={item.added_at} dateStyle="medium" /> }} />,
        }))}
      />
    </WidgetFrame>
  );
}
