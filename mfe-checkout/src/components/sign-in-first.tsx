import { FormattedMessage } from 'react-intl';
import { Link, useLocation } from '@portal/shared/router';
import { useLocale } from '@portal/shared/navigation';
import { ButtonLink, Notice } from '@portal/shared/ui';

/** A step that needs an account, opened by a visitor: sign in and come back here. */
export function SignInFirst() {
  const locale = useLocale();
  const { pathname } = useLocation();
  return (
    <Notice tone="blue" title={<FormattedMessage id="checkout.signInFirst.title" />} testId="sign-in-first">
      <FormattedMessage id="checkout.signInFirst.body" />
      <div style={{ marginTop: 12 }}>
        <ButtonLink component={Link} to={`/${locale}/auth/login?redirect=${encodeURIComponent(pathname)}`}>
          <FormattedMessage id="checkout.signInFirst.action" />
        </ButtonLink>
      </div>
    </Notice>
  );
}
