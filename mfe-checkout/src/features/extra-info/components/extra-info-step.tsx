import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from '@portal/shared/router';
import { useSession } from '@portal/shared/session';
import { StateRegion } from '@portal/shared/ui/status';
import { SignInFirst } from '../../../components/sign-in-first';
import { readDraft, startCheckoutFor } from '../../../lib/checkout-draft';
import { useCheckoutShop } from '../../../lib/checkout-shop';
import { useAddresses } from '../api/get-addresses';
import { ExtraInfoForm } from './extra-info-form';

/** The extra-info step for a signed-in buyer, once their address book is there. */
export function ExtraInfoStep() {
  const intl = useIntl();
  const signedIn = useSession((s) => s.isSignedIn);
  const shop = useCheckoutShop();
  const book = useAddresses(signedIn);
  const [params] = useSearchParams();
  // `?quotation=` starts the checkout of a quotation; without it (a step back) the draft says which.
  const [quotationId] = useState(() => {
    const started = params.get('quotation');
    return (started ? startCheckoutFor(started) : readDraft()).quotation_id ?? null;
  });
  if (!signedIn) return <SignInFirst />;
  return (
    <StateRegion
      status={book.status}
      loadingLabel={intl.formatMessage({ id: 'checkout.address.loading' })}
      errorTitle={<FormattedMessage id="checkout.address.failed" />}
      onRetry={() => void book.refetch()}
      retryLabel={<FormattedMessage id="checkout.retry" />}
    >
      {book.data ? <ExtraInfoForm shop={shop} book={book.data} quotationId={quotationId} /> : null}
    </StateRegion>
  );
}
