// Quick order: paste or upload (CSV) article codes or NSNs with quantities, see each line resolved
// against the contract, and add the valid ones to the cart in one go. A scan, from a wedge scanner
// typing into the lines or from the camera, goes straight into the cart (decision 075).
import { useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from '@portal/shared/router';
import { bus } from '@portal/shared/bus';
import type { QuickOrderResult } from '@portal/shared/schemas/shop';
import { Button, Group, Notice, showToast, Stack, Text } from '@portal/shared/ui';
import { ToneBadge, type StatusTone } from '@portal/shared/ui/status';
import { Table } from '@portal/shared/ui/data';
import { FileInput } from '@portal/shared/ui/file-input';
import { Textarea } from '@portal/shared/ui/forms';
import { useLocale } from '@portal/shared/navigation';
import { parseQuickOrder } from '../api/parse-lines';
import { useAddQuickOrder, useResolveQuickOrder } from '../api/resolve-quick-order';
import { AddToListButton } from '../../../components/add-to-list-button';
import { createWedgeDetector } from '@portal/shared/scan';
import { CameraScanButton, ScanMessages, ScanOutcomeNotice, useScanToCart } from '@portal/shared/scan/ui';
import { quickOrderScanMessages } from '../scan/own-messages';

const STATUS_TONES: Record<QuickOrderResult['lines'][number]['status'], StatusTone> = {
  found: 'positive',
  above_stock: 'caution',
  not_within_contract: 'negative',
  unknown: 'neutral',
  not_orderable: 'special',
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
  const scan = useScanToCart();
  const [wedge] = useState(createWedgeDetector);

  /**
   * Enter in the lines: a scanner's ends a scan, which leaves the lines as they were and goes to the
   * cart; a person's starts a new line. (A scanner's other keys are counted for the burst.)
   */
  const onLinesKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key.length === 1 && !e.ctrlKey && !e.metaKey) wedge.key();
    if (e.key !== 'Enter') return;
    const field = e.currentTarget;
    const start = field.value.lastIndexOf('\n', field.selectionStart - 1) + 1;
    const line = field.value.slice(start, field.selectionStart);
    if (!wedge.endsScan(line)) return;
    e.preventDefault();
    setText(field.value.slice(0, start) + field.value.slice(field.selectionStart));
    scan.mutate(line);
  };

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
            onKeyDown={onLinesKey}
            onPaste={() => wedge.reset()}
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
      <ScanMessages locale={locale} own={quickOrderScanMessages}>
        <section aria-labelledby="scan-to-order-title">
          <Stack gap="xs">
            <Text variant="heading" component="h2" id="scan-to-order-title">
              <FormattedMessage id="catalog.scan.title" />
            </Text>
            <Text>
              <FormattedMessage id="catalog.scan.help" />
            </Text>
            <Group>
              <CameraScanButton loading={scan.isPending} onScan={(code) => scan.mutate(code)}>
                <FormattedMessage id="catalog.scan.camera" />
              </CameraScanButton>
            </Group>
            <ScanOutcomeNotice outcome={scan.data} failed={scan.isError} />
          </Stack>
        </section>
      </ScanMessages>
      {invalid.length ? (
        <Notice tone="gray" title={intl.formatMessage({ id: 'catalog.quickOrder.unreadable' }, { lines: invalid.join(', ') })} />
      ) : null}
      {resolve.isError ? <Notice tone="red" title={intl.formatMessage({ id: 'catalog.error' })} /> : null}
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
                    <ToneBadge tone={STATUS_TONES[l.status]}>
                      <FormattedMessage id={`catalog.quickOrder.status.${l.status}`} values={{ count: l.product?.max_quantity ?? 0 }} />
                    </ToneBadge>
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
