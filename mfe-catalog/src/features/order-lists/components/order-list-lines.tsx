// A list's lines: choose some to order, change a quantity (saved when the field is left), remove a
// line. A line that cannot be ordered as it is carries its flag, in words, beside the product.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { OrderListDetail, OrderListLine } from '@portal/shared/schemas/shop';
import { useLocale } from '@portal/shared/navigation';
import { Link } from '@portal/shared/router';
import { Button, Text } from '@portal/shared/ui';
import { ToneBadge } from '@portal/shared/ui/status';
import { Checkbox } from '@portal/shared/ui/choice';
import { Table } from '@portal/shared/ui/data';
import { NumberInput } from '@portal/shared/ui/number-input';
import { PriceTag } from '../../../components/price-tag';
import { useRemoveOrderListLine, useSetOrderListLine } from '../../../lib/order-lists-api';
import { ListActionError } from '../../../components/list-action-error';

function QuantityField({ listId, line }: { listId: string; line: OrderListLine }) {
  const intl = useIntl();
  const set = useSetOrderListLine(listId);
  const [value, setValue] = useState<number | string>(line.quantity);
  const save = () => {
    const quantity = typeof value === 'number' ? value : Number.parseInt(value, 10);
    if (Number.isInteger(quantity) && quantity >= 1 && quantity !== line.quantity) set.mutate({ productId: line.product_id, quantity });
    else setValue(line.quantity);
  };
  return (
    <>
      <NumberInput
        aria-label={intl.formatMessage({ id: 'catalog.lists.quantityOf' }, { name: line.name })}
        value={value}
        onChange={setValue}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === 'Enter') save();
        }}
        min={1}
        max={100000}
        allowDecimal={false}
        w={96}
      />
      <ListActionError error={set.error} />
    </>
  );
}

export function OrderListLines({ list, chosen, onChoose }: { list: OrderListDetail; chosen: Set<string>; onChoose: (next: Set<string>) => void }) {
  const intl = useIntl();
  const locale = useLocale();
  const remove = useRemoveOrderListLine(list.id);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChoose(next);
  };
  if (!list.lines.length) return <Text><FormattedMessage id="catalog.lists.noLines" /></Text>;
  return (
    <>
      <ListActionError error={remove.error} />
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label={intl.formatMessage({ id: 'catalog.lists.linesCaption' }, { name: list.name })} data-testid="order-list-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col"><FormattedMessage id="catalog.lists.col.choose" /></Table.Th>
              <Table.Th scope="col"><FormattedMessage id="catalog.quickOrder.product" /></Table.Th>
              <Table.Th scope="col"><FormattedMessage id="catalog.cart.quantity" /></Table.Th>
              <Table.Th scope="col"><FormattedMessage id="catalog.lists.col.price" /></Table.Th>
              <Table.Th scope="col"><FormattedMessage id="catalog.lists.col.actions" /></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.lines.map((l) => (
              <Table.Tr key={l.product_id} data-line={l.article_code} data-flag={l.flag ?? undefined}>
                <Table.Td>
                  <Checkbox aria-label={intl.formatMessage({ id: 'catalog.lists.chooseLine' }, { name: l.name })} checked={chosen.has(l.product_id)} onChange={(e) => toggle(l.product_id, e.currentTarget.checked)} />
                </Table.Td>
                <Table.Td>
                  {l.slug ? <Link to={`/${locale}/my-products/${l.slug}`}>{l.name}</Link> : l.name}
                  <Text variant="caption">{l.article_code}</Text>
                  {l.note ? <Text variant="caption">{l.note}</Text> : null}
                  {l.flag ? (
                    <ToneBadge tone="negative" data-testid="line-flag">
                      <FormattedMessage id={`catalog.lists.flag.${l.flag}`} values={{ count: l.max_quantity }} />
                    </ToneBadge>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <QuantityField key={l.quantity} listId={list.id} line={l} />
                </Table.Td>
                <Table.Td>{l.unit_price ? <PriceTag price={l.unit_price} inclVat={false} /> : '—'}</Table.Td>
                <Table.Td>
                  <Button variant="ghost" size="xs" onClick={() => remove.mutate(l.product_id)} aria-label={intl.formatMessage({ id: 'catalog.lists.removeLine' }, { name: l.name })}>
                    <FormattedMessage id="catalog.lists.remove" />
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
