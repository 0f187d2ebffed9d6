import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button, Icon } from '@portal/shared/ui';

/** The header's "My account" button: the menu's target, and before the menu's code is loaded, what loads and opens it. */
export const AccountMenuButton = forwardRef<HTMLButtonElement, Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'>>(function AccountMenuButton(props, ref) {
  return (
    <Button ref={ref} variant="outline" size="sm" data-testid="account-menu" rightSection={<Icon name="chevronDown" size="sm" />} {...props}>
      <FormattedMessage id="nav.user" />
    </Button>
  );
});
