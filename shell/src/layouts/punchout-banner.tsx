// Punchout mode's line under the header (issue 34): the buyer came from their procurement system
// and the cart goes back there, to the host it names; the link leads to the cart, where "Transfer
// cart" replaces checkout. Nothing shows outside a punchout sign-in.
import { FormattedMessage } from 'react-intl';
import { Link } from '@portal/shared/router';
import { usePunchoutSession } from '@portal/shared/session';
import { useLocalizedPath } from '../i18n/localized-path';
import classes from './layout.module.css';

export function PunchoutBanner() {
  const punchout = usePunchoutSession();
  const path = useLocalizedPath();
  if (!punchout) return null;
  return (
    <div className={classes.punchoutBanner} role="region" aria-labelledby="punchout-banner-text" data-testid="punchout-banner">
      <span id="punchout-banner-text">
        <FormattedMessage id="punchout.banner" values={{ host: <strong>{punchout.return_host}</strong> }} />
      </span>{' '}
      <Link to={path('/checkout/overview')}>
        <FormattedMessage id="punchout.banner.cart" />
      </Link>
    </div>
  );
}
