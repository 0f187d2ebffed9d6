// The cart page's scan field (issue 42, decision 082): a keyboard-wedge scanner types the code into
// it and ends with Enter, or the camera reads it; the product goes into the cart at the contract
// price through the one scan-to-cart path of `@portal/shared/scan`, what the scan came to is
// announced, and the cart (the lines above, the header's count) refetches. Enter after a person's
// typing is no scan: the text stays in the field for them to finish or correct.
import { useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '@portal/shared/navigation';
import { createWedgeDetector } from '@portal/shared/scan';
import { CameraScanButton, ScanMessages, ScanOutcomeNotice, useScanToCart } from '@portal/shared/scan/ui';
import { Group, Stack, Text } from '@portal/shared/ui';
import { Input } from '@portal/shared/ui/forms';
import { cartScanMessages } from './own-messages';

function CartScanField() {
  const intl = useIntl();
  const scan = useScanToCart();
  const [wedge] = useState(createWedgeDetector);
  const [code, setCode] = useState('');

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key.length === 1 && !e.ctrlKey && !e.metaKey) wedge.key();
    if (e.key !== 'Enter') return;
    const line = e.currentTarget.value;
    if (!wedge.endsScan(line)) return;
    e.preventDefault();
    setCode('');
    scan.mutate(line);
  };

  return (
    <section aria-labelledby="cart-scan-title" data-testid="cart-scan">
      <Stack gap="xs">
        <Text variant="heading" component="h2" id="cart-scan-title">
          <FormattedMessage id="checkout.scan.title" />
        </Text>
        <Group align="flex-end">
          <Input
            label={intl.formatMessage({ id: 'checkout.scan.field' })}
            description={intl.formatMessage({ id: 'checkout.scan.help' })}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            onKeyDown={onKey}
            onPaste={() => wedge.reset()}
            autoComplete="off"
            spellCheck={false}
            loading={scan.isPending}
            styles={{ input: { fontFamily: 'monospace' } }}
            style={{ flex: '1 1 16rem' }}
          />
          <CameraScanButton onScan={(text) => scan.mutate(text)}>
            <FormattedMessage id="checkout.scan.camera" />
          </CameraScanButton>
        </Group>
        <ScanOutcomeNotice outcome={scan.data} failed={scan.isError} />
      </Stack>
    </section>
  );
}

/** The scan field with its texts (the shared scan texts and the cart's own), once they have loaded. */
export default function CartScan() {
  return (
    <ScanMessages locale={useLocale()} own={cartScanMessages}>
      <CartScanField />
    </ScanMessages>
  );
}
