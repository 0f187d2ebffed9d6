import { FormattedMessage } from 'react-intl';
import { Link, useNavigate } from '@portal/shared/router';
import { Button, ButtonLink } from '@portal/shared/ui';
import { sessionStore } from '@portal/shared/session';
import { useLocalizedPath } from '../i18n/localized-path';
import { useIsSignedIn } from '../platform/use-is-signed-in';

/** Sign in for visitors, sign out for signed-in users. */
export function AccountButton() {
  const signedIn = useIsSignedIn();
  const path = useLocalizedPath();
  const navigate = useNavigate();
  if (!signedIn) {
    return (
      <ButtonLink component={Link} to={path('/auth/login')} size="sm">
        <FormattedMessage id="nav.signIn" />
      </ButtonLink>
    );
  }
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => {
        sessionStore.getState().signOut();
        navigate(path('/auth/login'));
      }}
    >
      <FormattedMessage id="nav.signOut" />
    </Button>
  );
}
