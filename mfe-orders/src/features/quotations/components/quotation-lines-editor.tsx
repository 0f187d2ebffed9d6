// A draft's products: add by article code with a quantity, change quantities, remove; saved as a
// whole (the API replaces the lines while the quotation is a draft).
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Quotation } from '@portal/shared/schemas/orders';
import { Button, Group, Notice, Stack } from '@portal/shared/ui';
import { Table } from '@portal/shared/ui/data';
import { Input } from '@portal/shared/ui/forms';
import { NumberInput } from '@portal/shared/ui/number-input';
import { ActionError } from '../../../components/error-message';
import { useFindProduct } from '../api/find-product';
import { useUpdateQuotation } from '../api/update-quotation';

type Line = { product_id: string; quantity: number; name: string; article_code: string };

export function QuotationLinesEditor({ quotation }: { quotation: Quotation }) {
  const intl = useIntl();
  const [lines, setLines] = useState<Line[]>(quotation.lines);
  const [title, setTitle] = useState(quotation.title ?? '');
  const [code, setCode] = useState('');
  const [quantity, setQuantity] = useState(1);
  const [notFound, setNotFound] = useState(false);
  const find = useFindProduct();
  const save = useUpdateQuotation(quotation.id);
  const dirty = JSON.stringify(lines.map((l) => [l.product_id, l.quantity])) !== JSON.stringify(quotation.lines.map((l) => [l.product_id, l.quantity])) || title !== (quotation.title ?? '');

  const add = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    find.mutate(code.trim(), {
      onSuccess: (product) => {
        setNotFound(!product);
        if (!product) return;
        setLines((all) =>
          all.some((l) => l.product_id === product.id)
            ? all.map((l) => (l.product_id === product.id ? { ...l, quantity: l.quantity + quantity } : l))
            : [...all, { product_id: product.id, quantity, name: product.name, article_code: product.article_code }],
        );
        setCode('');
        setQuantity(1);
      },
    });
  };

  return (
    <Stack gap="md" data-testid="quotation-editor">
      <Input label={<FormattedMessage id="quotations.field.title" />} value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={200} />
      {lines.length ? (
        <Table aria-label={intl.formatMessage({ id: 'quotations.lines' })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col"><FormattedMessage id="orders.line.code" /></Table.Th>
              <Table.Th scope="col"><FormattedMessage id="orders.line.description" /></Table.Th>
              <Table.Th scope="col"><FormattedMessage id="orders.line.quantity" /></Table.Th>
              <Table.Th scope="col"><FormattedMessage id="quotations.remove" /></Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={l.product_id}>
                <Table.Td>{l.article_code}</Table.Td>
                <Table.Td>{l.name}</Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={intl.formatMessage({ id: 'orders.problem.quantity' }, { code: l.article_code })}
                    min={1}
                    max={100_000}
                    value={l.quantity}
                    onChange={(v) => setLines((all) => all.map((x) => (x.product_id === l.product_id ? { ...x, quantity: Math.max(1, Number(v) || 1) } : x)))}
                    w={110}
                  />
                </Table.Td>
                <Table.Td>
                  <Button variant="ghost" size="sm" onClick={() => setLines((all) => all.filter((x) => x.product_id !== l.product_id))} aria-label={intl.formatMessage({ id: 'quotations.removeLine' }, { code: l.article_code })}>
                    <FormattedMessage id="quotations.remove" />
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Notice tone="gray"><FormattedMessage id="quotations.noLines" /></Notice>
      )}
      <form onSubmit={add} aria-label={intl.formatMessage({ id: 'quotations.add' })}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Input label={<FormattedMessage id="quotations.addCode" />} value={code} onChange={(e) => setCode(e.currentTarget.value)} error={notFound ? <FormattedMessage id="quotations.error.product" /> : undefined} />
          <NumberInput label={<FormattedMessage id="orders.line.quantity" />} min={1} max={100_000} value={quantity} onChange={(v) => setQuantity(Math.max(1, Number(v) || 1))} w={110} />
          <Button type="submit" variant="outline" loading={find.isPending}><FormattedMessage id="quotations.add" /></Button>
        </Group>
      </form>
      <ActionError error={save.error} />
      <Button
        onClick={() => save.mutate({ title, lines: lines.map(({ product_id, quantity: q }) => ({ product_id, quantity: q })) })}
        loading={save.isPending}
        disabled={!dirty}
        style={{ alignSelf: 'flex-start' }}
      >
        <FormattedMessage id="quotations.save" />
      </Button>
    </Stack>
  );
}
