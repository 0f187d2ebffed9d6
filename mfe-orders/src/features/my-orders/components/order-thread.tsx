// The order's messages with the case manager: read (opening marks them read) and reply.
import { useState, type FormEvent } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Button, Paper, Stack, Text } from '@portal/shared/ui';
import { Textarea } from '@portal/shared/ui/forms';
import { StateRegion } from '@portal/shared/ui/status';
import { useOrderMessages } from '../api/get-order-messages';
import { useWriteOrderMessage } from '../api/write-order-message';
import { ActionError } from '../../../components/error-message';

export function OrderThread({ orderId }: { orderId: string }) {
  const intl = useIntl();
  const thread = useOrderMessages(orderId);
  const write = useWriteOrderMessage(orderId);
  const [body, setBody] = useState('');
  const [empty, setEmpty] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    write.mutate(body.trim(), { onSuccess: () => setBody('') });
  };
  const items = thread.data?.items ?? [];
  return (
    <Stack gap="sm">
      <StateRegion
        status={thread.status}
        isEmpty={items.length === 0}
        loadingLabel={intl.formatMessage({ id: 'orders.messages.loading' })}
        errorTitle={<FormattedMessage id="orders.messages.error" />}
        onRetry={() => void thread.refetch()}
        retryLabel={<FormattedMessage id="orders.retry" />}
        empty={<Text variant="subtext"><FormattedMessage id="orders.messages.empty" /></Text>}
      >
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={intl.formatMessage({ id: 'orders.messages.title' })}>
          {items.map((m) => (
            <Paper key={m.id} component="li" withBorder p="sm" data-testid="order-message" data-author-role={m.author_role}>
              <Text variant="subtext">
                {m.author_name} · <FormattedMessage id={`orders.messages.role.${m.author_role}`} /> · <FormattedDate value={m.created_at} dateStyle="medium" timeStyle="short" />
              </Text>
              {m.kind !== 'message' ? <Text variant="heading" component="strong"><FormattedMessage id={`orders.messages.kind.${m.kind}`} /></Text> : null}
              {m.body ? <div style={{ whiteSpace: 'pre-wrap' }}>{m.body}</div> : null}
            </Paper>
          ))}
        </Stack>
      </StateRegion>
      <form onSubmit={submit} aria-label={intl.formatMessage({ id: 'orders.messages.reply' })}>
        <Stack gap="xs">
          <Textarea
            label={<FormattedMessage id="orders.messages.reply" />}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            maxLength={4000}
            autosize
            minRows={2}
            error={empty ? <FormattedMessage id="validation.required" /> : undefined}
          />
          <ActionError error={write.error} />
          <Button type="submit" loading={write.isPending} style={{ alignSelf: 'flex-start' }}>
            <FormattedMessage id="orders.messages.send" />
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
