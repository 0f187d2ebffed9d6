import { lazy } from 'react';
import { Navigate } from '@portal/shared/router';
import type { Locale } from '@portal/shared/i18n';
import type { Messages, PortalRoute, RemoteRoutesModule } from '@portal/shared/routing';

// Every page is its own chunk: the shell downloads a page's code only when it is visited.
const LoginPage = lazy(() => import('./pages/login'));
const VerifyPage = lazy(() => import('./pages/verify'));
const RegisterPage = lazy(() => import('./pages/register'));
const ResetPasswordPage = lazy(() => import('./pages/reset-password'));
const ForgotPasswordPage = lazy(() => import('./pages/forgot-password'));

/** The routes this remote owns, one top-level route per mount (see REMOTE_MOUNTS). */
export const routes: PortalRoute[] = [
  {
    path: 'auth',
    children: [
      { index: true, element: <Navigate to="login" replace /> },
      { id: 'auth-login', path: 'login', Component: LoginPage, handle: { titleKey: 'title.login' } },
      { id: 'auth-verify', path: 'verify', Component: VerifyPage, handle: { titleKey: 'title.verify' } },
      { id: 'auth-register', path: 'register', Component: RegisterPage, handle: { titleKey: 'title.register' } },
      { id: 'auth-reset-password', path: 'reset-password', Component: ResetPasswordPage, handle: { titleKey: 'title.reset_password' } },
      { id: 'auth-forgot-password', path: 'forgot-password', Component: ForgotPasswordPage, handle: { titleKey: 'title.forgot_password' } },
    ],
  },
];

/** This remote's messages for a locale, one chunk per locale. */
export const loadMessages: RemoteRoutesModule['loadMessages'] = async (locale: Locale): Promise<Messages> =>
  (await import(`./messages/${locale}.json`)).default as Messages;
