// The buyer's side of a shipment: confirm delivery (when delivered or past the expected date), or
// report missing or damaged lines to the case manager instead.
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ORDER_PROBLEM_KINDS, type OrderDetail } from '@portal/shared/schemas/orders';
import { Button, Group, Notice, Stack, Text } from '@portal/shared/ui';
import { NativeSelect } from '@portal/shared/ui/choice';
import { Textarea } from '@portal/shared/ui/forms';
import { NumberInput } from '@portal/shared/ui/number-input';
import { useConfirmDelivery } from '../api/confirm-delivery';
import { useReportProblem } from '../api/report-problem';
import { ActionError } from '../../../components/error-message';

type Kind = (typeof ORDER_PROBLEM_KINDS)[number];

function ProblemForm({ order, onDone }: { order: OrderDetail; onDone: () => void }) {
  const intl = useIntl();
  const report = useReportProblem(order.id);
  const [picked, setPicked] = useState<Record<string, { kind: Kind | ''; quantity: number }>>({});
  const [description, setDescription] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const lines = Object.entries(picked)
      .filter(([, p]) => p.kind && p.quantity > 0)
      .map(([line_id, p]) => ({ line_id, kind: p.kind as Kind, quantity: p.quantity }));
    if (!lines.length) {
      setIncomplete(true);
      return;
    }
    setIncomplete(false);
    report.mutate({ lines, description }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} aria-label={intl.formatMessage({ id: 'orders.problem.title' })}>
      <Stack gap="sm">
        <Text variant="heading" component="h3"><FormattedMessage id="orders.problem.title" /></Text>
        {order.lines.map((line) => {
          const p = picked[line.id] ?? { kind: '', quantity: line.quantity };
          const set = (patch: Partial<typeof p>) => setPicked((all) => ({ ...all, [line.id]: { ...p, ...patch } }));
          return (
            <Group key={line.id} align="flex-end" gap="sm" wrap="wrap">
              <NativeSelect
                label={intl.formatMessage({ id: 'orders.problem.line' }, { code: line.article_code, name: line.description })}
                value={p.kind}
                onChange={(e) => set({ kind: e.currentTarget.value as Kind | '' })}
                data={[
                  { value: '', label: intl.formatMessage({ id: 'orders.problem.kind.none' }) },
                  ...ORDER_PROBLEM_KINDS.map((k) => ({ value: k, label: intl.formatMessage({ id: `orders.problem.kind.${k}` }) })),
                ]}
              />
              <NumberInput
                label={intl.formatMessage({ id: 'orders.problem.quantity' }, { code: line.article_code })}
                min={1}
                max={line.quantity}
                value={p.quantity}
                onChange={(value) => set({ quantity: Number(value) || 0 })}
                w={120}
              />
            </Group>
          );
        })}
        <Textarea label={<FormattedMessage id="orders.problem.description" />} value={description} onChange={(e) => setDescription(e.currentTarget.value)} maxLength={2000} />
        {incomplete ? <Notice tone="red" role="alert"><FormattedMessage id="orders.problem.pickLine" /></Notice> : null}
        <ActionError error={report.error} />
        <Group>
          <Button type="submit" loading={report.isPending}><FormattedMessage id="orders.problem.send" /></Button>
          <Button variant="outline" onClick={onDone}><FormattedMessage id="orders.cancel" /></Button>
        </Group>
      </Stack>
    </form>
  );
}

export function DeliveryActions({ order }: { order: OrderDetail }) {
  const confirm = useConfirmDelivery(order.id);
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState(false);
  if (!order.can_confirm_delivery && !order.can_report_problem) return null;
  return (
    <Stack gap="sm" data-testid="delivery-actions">
      {order.can_confirm_delivery ? (
        <Notice tone="blue" title={<FormattedMessage id="orders.delivery.askTitle" />}>
          <FormattedMessage id="orders.delivery.ask" />
        </Notice>
      ) : null}
      {reported ? <Notice tone="green" role="status"><FormattedMessage id="orders.problem.sent" /></Notice> : null}
      <ActionError error={confirm.error} />
      {reporting ? (
        <ProblemForm
          order={order}
          onDone={() => {
            setReporting(false);
            setReported(true);
          }}
        />
      ) : (
        <Group>
          {order.can_confirm_delivery ? (
            <Button onClick={() => confirm.mutate()} loading={confirm.isPending}>
              <FormattedMessage id="orders.delivery.confirm" />
            </Button>
          ) : null}
          {order.can_report_problem ? (
            <Button variant="outline" onClick={() => setReporting(true)}>
              <FormattedMessage id="orders.problem.open" />
            </Button>
          ) : null}
        </Group>
      )}
    </Stack>
  );
}
