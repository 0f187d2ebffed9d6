// Quick order: paste or upload (CSV) article codes or NSNs with quantities, see each line resolved
// against the contract, and add the valid ones to the cart in one go.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from '@portal/shared/router';
import { bus } from '@portal/shared/bus';
import type { QuickOrderResult } from '@portal/shared/schemas/shop';
import { Alert, Badge, Button, Group, showToast, Stack, Text, type MantineColor } from '@portal/shared/ui';
import { Table } from '@portal/shared/ui/data';
import { FileInput } from '@portal/shared/ui/file-input';
import { Textarea } from '@portal/shared/ui/forms';
import { useLocale } from '@portal/shared/navigation';
import { parseQuickOrder } from '../api/parse-lines';
import { useAddQuickOrder, useResolveQuickOrder } from '../api/resolve-quick-order';
import { AddToListButton } from '../../../components/add-to-list-button';

const STATUS_COLOURS: Record<QuickOrderResult['lines'][number]['status'], MantineColor> = {
  found: '#1b5e20',
  above_stock: '#7a4100',
  not_within_contract: '#b71c1c',
  unknown: '#424242',
  not_orderable: '#4a148c',
};

export function QuickOrderForm() {
  const intl = useIntl();
  const navigate = useNavigate();
  const locale = useLocale();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<number[]>([]);
  const resolve = useResolveQuickOrder();
  const add = useAddQuickOrder();
  const result = resolve.data;
  const found = result?.lines.filter((l) => l.status === 'found' && l.product) ?? [];

  const check = () => {
    const parsed = parseQuickOrder(text);
    setInvalid(parsed.invalid);
    add.reset();
    if (parsed.lines.length) resolve.mutate(parsed.lines);
    else resolve.reset();
  };

  const addAll = () => {
    const lines = found.map((l) => ({ product_id: l.product!.id, quantity: l.quantity }));
    add.mutate(lines, {
      onSuccess: () => {
        for (const l of lines) bus.emit('cart:item-added', { productId: l.product_id, quantity: l.quantity });
        showToast({
          type: 'success',
          title: intl.formatMessage({ id: 'catalog.quickOrder.added' }, { count: lines.length }),
          action: { label: intl.formatMessage({ id: 'catalog.cart.open' }), onClick: () => navigate(`/${locale}/checkout/overview`) },
        });
      },
    });
  };

  return (
    <Stack gap="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          check();
        }}
      >
        <Stack gap="sm">
          <Text id="quick-order-help">
            <FormattedMessage id="catalog.quickOrder.help" />
          </Text>
          <Textarea
            label={intl.formatMessage({ id: 'catalog.quickOrder.lines' })}
            aria-describedby="quick-order-help"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={6}
            styles={{ input: { fontFamily: 'monospace' } }}
          />
          <FileInput
            label={intl.formatMessage({ id: 'catalog.quickOrder.upload' })}
            accept=".csv,text/csv,text/plain"
            clearable
            onChange={(file) => {
              if (file) void file.text().then((content) => setText(content));
            }}
          />
          <Group>
            <Button type="submit" loading={resolve.isPending}>
              <FormattedMessage id="catalog.quickOrder.check" />
            </Button>
          </Group>
        </Stack>
      </form>
      {invalid.length ? (
        <Alert color="gray" title={intl.formatMessage({ id: 'catalog.quickOrder.unreadable' }, { lines: invalid.join(', ') })} />
      ) : null}
      {resolve.isError ? <Alert color="red.9" title={intl.formatMessage({ id: 'catalog.error' })} /> : null}
      {result ? (
        <Stack gap="sm">
          <Table aria-label={intl.formatMessage({ id: 'catalog.quickOrder.result' })} data-testid="quick-order-result">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">
                  <FormattedMessage id="catalog.quickOrder.code" />
                </Table.Th>
                <Table.Th scope="col">
                  <FormattedMessage id="catalog.cart.quantity" />
                </Table.Th>
                <Table.Th scope="col">
                  <FormattedMessage id="catalog.quickOrder.product" />
                </Table.Th>
                <Table.Th scope="col">
                  <FormattedMessage id="catalog.quickOrder.status" />
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.lines.map((l, i) => (
                <Table.Tr key={`${l.code}-${i}`} data-status={l.status}>
                  <Table.Td>{l.code}</Table.Td>
                  <Table.Td>{l.quantity}</Table.Td>
                  <Table.Td>{l.product?.name ?? '—'}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOURS[l.status]} variant="filled" autoContrast>
                      <FormattedMessage id={`catalog.quickOrder.status.${l.status}`} values={{ count: l.product?.max_quantity ?? 0 }} />
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group>
            <Button onClick={addAll} disabled={!found.length || add.isSuccess} loading={add.isPending}>
              <FormattedMessage id="catalog.quickOrder.addAll" values={{ count: found.length }} />
            </Button>
            <AddToListButton lines={found.map((l) => ({ product_id: l.product!.id, quantity: l.quantity }))} labelId="catalog.lists.add.quickOrder" />
            {add.isSuccess ? (
              <div role="status">
                <Text>
                  <FormattedMessage id="catalog.quickOrder.added" values={{ count: found.length }} />
                </Text>
              </div>
            ) : null}
            {add.isError ? (
              <div role="alert">
                <Text color="red.8">
                  <FormattedMessage id="catalog.quickOrder.addFailed" />
                </Text>
              </div>
            ) : null}
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
