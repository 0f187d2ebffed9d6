import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate, useParams } from '@portal/shared/router';
import { bus } from '@portal/shared/bus';
import { configureSession, sessionStore, useSession } from '@portal/shared/session';
import { closeDialog, hideToast, isDialogActive, showToast } from '@portal/shared/ui';
import { warningTime } from './session-timing';

export const SESSION_DIALOG_ID = 'session-expiring';
/** Id of the toast that says the session ended unanswered (it stays until closed). */
export const SESSION_EXPIRED_TOAST = 'session-expired';

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
  // The timers below run per token set; the words follow the language without restarting them.
  const intlRef = useRef(intl);
  useEffect(() => {
    intlRef.current = intl;
  }, [intl]);

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
    // Signed in again: the word that the last session expired has done its work.
    hideToast(SESSION_EXPIRED_TOAST);
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
      // Whoever comes back to the login page learns why they are there (issue 32).
      showToast({ id: SESSION_EXPIRED_TOAST, type: 'info', autoClose: false, title: intlRef.current.formatMessage({ id: 'session.expired' }) });
    }, endIn);
    return () => {
      clearTimeout(warn);
      clearTimeout(end);
      closeDialog(SESSION_DIALOG_ID);
    };
  }, [tokens]);

  return null;
}
