import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate, useParams } from '@portal/shared/router';
import { bus } from '@portal/shared/bus';
import { configureSession, sessionStore, useSession } from '@portal/shared/session';
import { closeDialog, isDialogActive, showToast } from '@portal/shared/ui';
import { warningTime } from './session-timing';

export const SESSION_DIALOG_ID = 'session-expiring';

/**
 * Watches the signed-in session: warns before it ends (the dialog offers continue or log out),
 * signs out when it ends unanswered, reports a failed refresh, and sends a 401 outside the auth
 * pages to the login page with the way back.
 */
export function SessionWatch() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const { lang = 'en' } = useParams();
  const tokens = useSession((s) => (s.isSignedIn ? s.tokens : null));

  useEffect(() => {
    configureSession({
      onRefreshFailed: (error) => {
        console.warn(error.message, error.cause);
        showToast({ type: 'error', title: intl.formatMessage({ id: 'session.refreshFailed' }) });
      },
    });
  }, [intl]);

  useEffect(
    () =>
      bus.on('api:unauthorized', () => {
        if (location.pathname.startsWith(`/${lang}/auth`)) return;
        sessionStore.getState().signOut();
        const back = `${location.pathname}${location.search}`;
        navigate(`/${lang}/auth/login?redirect=${encodeURIComponent(back)}`, { replace: true });
      }),
    [lang, location.pathname, location.search, navigate],
  );

  useEffect(() => {
    if (!tokens) return undefined;
    const now = Date.now();
    // Already past the warning time when first seen (a tab opened after the token expired, or
    // after a night away): nobody was there to answer a dialog, so refresh as the spec says
    // ("tokens are refreshed automatically when expired"). A failed refresh signs out and says so.
    if (now >= warningTime(tokens)) {
      void sessionStore.getState().refreshNow().catch(() => undefined);
      return undefined;
    }
    const warnIn = Math.max(0, warningTime(tokens) - now);
    const endIn = Math.max(0, tokens.expires_at - now);
    const warn = setTimeout(() => {
      bus.emit('session:expiring', { minutesLeft: Math.ceil((tokens.expires_at - Date.now()) / 60_000) });
      if (!isDialogActive(SESSION_DIALOG_ID)) bus.emit('dialog:requested', { triggerId: SESSION_DIALOG_ID, dialog: 'session-expiring' });
    }, warnIn);
    // Unanswered until the end: sign out (a shared terminal must not stay signed in). Any API call
    // or "continue" refreshes the tokens first, which re-runs this effect with the new expiry.
    const end = setTimeout(() => {
      closeDialog(SESSION_DIALOG_ID);
      sessionStore.getState().signOut();
    }, endIn);
    return () => {
      clearTimeout(warn);
      clearTimeout(end);
      closeDialog(SESSION_DIALOG_ID);
    };
  }, [tokens]);

  return null;
}
