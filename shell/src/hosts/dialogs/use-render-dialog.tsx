import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate, useParams } from '@portal/shared/router';
import type { DialogRequest } from '@portal/shared/bus';
import type { DialogOptions } from '@portal/shared/ui';
import { ActionDialog } from './action-dialog';
import { SessionExpiringDialog } from './session-expiring-dialog';

type Rendered = Omit<DialogOptions, 'triggerId'> | null;

/**
 * Turns a `dialog:requested` bus event into one of the spec's dialogs (section 2). The unsaved-changes
 * dialog is opened by `useUnsavedChangesGuard` itself, which needs the blocked navigation.
 */
export function useRenderDialog(): (request: DialogRequest) => Rendered {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const { lang = 'en' } = useParams();
  return useCallback(
    ({ triggerId, dialog }: DialogRequest): Rendered => {
      const title = (id: string) => intl.formatMessage({ id });
      const back = encodeURIComponent(`${location.pathname}${location.search}`);
      switch (dialog) {
        case 'login-required':
          return {
            title: title('dialog.loginRequired.title'),
            children: (
              <ActionDialog
                triggerId={triggerId}
                bodyId="dialog.loginRequired.body"
                actions={[
                  { labelId: 'dialog.loginRequired.register', onClick: () => navigate(`/${lang}/auth/register`) },
                  { labelId: 'dialog.loginRequired.signIn', onClick: () => navigate(`/${lang}/auth/login?redirect=${back}`) },
                ]}
              />
            ),
          };
        case 'verify-email':
          return {
            title: title('dialog.verifyEmail.title'),
            children: (
              <ActionDialog
                triggerId={triggerId}
                bodyId="dialog.verifyEmail.body"
                actions={[{ labelId: 'dialog.verifyEmail.action', onClick: () => navigate(`/${lang}/auth/verify?redirect=${back}`) }]}
              />
            ),
          };
        case 'version-available':
          return {
            title: title('dialog.versionAvailable.title'),
            children: (
              <ActionDialog
                triggerId={triggerId}
                bodyId="dialog.versionAvailable.body"
                actions={[
                  { labelId: 'dialog.versionAvailable.later' },
                  // The user asked for it: an explicit reload, not the guarded automatic one.
                  { labelId: 'dialog.versionAvailable.refresh', onClick: () => window.location.reload() },
                ]}
              />
            ),
          };
        case 'session-expiring':
          return {
            title: title('session.expiring.title'),
            closeOnClickOutside: false,
            children: <SessionExpiringDialog triggerId={triggerId} />,
          };
        default:
          return null;
      }
    },
    [intl, navigate, location.pathname, location.search, lang],
  );
}
