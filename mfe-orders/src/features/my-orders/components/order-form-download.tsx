import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button, Notice, Stack } from '@portal/shared/ui';
import { downloadOrderForm } from '../api/download-order-form';

/** Downloads the order form PDF; says so when it cannot. */
export function OrderFormDownload({ url, number }: { url: string; number: string }) {
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const download = async () => {
    setState('loading');
    try {
      await downloadOrderForm(url, number);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <Stack gap="xs" align="flex-start">
      <Button variant="outline" onClick={() => void download()} loading={state === 'loading'} data-testid="order-form-download">
        <FormattedMessage id="orders.detail.orderForm" />
      </Button>
      {state === 'failed' ? <Notice tone="red" role="alert"><FormattedMessage id="orders.detail.orderFormFailed" /></Notice> : null}
    </Stack>
  );
}
