// The one place where the portal's cross-bundle events are declared. Adding an event here is the
// only way to make `bus.emit` / `bus.on` accept it. Names follow `domain:past-tense`.
import type { Locale } from '../i18n/locales';

/** Kinds of toast the design system can show (spec section 4). */
export type ToastType = 'default' | 'success' | 'error' | 'info' | 'warning' | 'loading';

/** The dialogs of spec section 2 that any bundle can ask the shell to open. */
export type DialogKind =
  | 'login-required'
  | 'session-expiring'
  | 'verify-email'
  | 'unsaved-changes'
  | 'version-available';

/** Payload of `toast:requested`. Texts are already translated by the sender. */
export interface ToastRequest {
  /** Visual kind of toast; `error` also shows the alert-circle icon. */
  type: ToastType;
  /** Title line. */
  title: string;
  /** Optional second line. */
  description?: string;
  /** Stable id, so a later request can replace or hide the same toast. */
  id?: string;
  /** Milliseconds before it closes; `false` keeps it open. */
  autoClose?: number | false;
}

/** Payload of `dialog:requested`. */
export interface DialogRequest {
  /** Unique trigger id; opening a second dialog with the same id is an error (spec section 4). */
  triggerId: string;
  /** Which dialog the shell should open. */
  dialog: DialogKind;
}

/** Every event and its payload; `undefined` means the event carries no payload. */
export interface PortalEvents {
  'cart:item-added': { productId: string; quantity: number };
  /** The cart changed otherwise (a quantity set, a line removed, a merge, an order placed). */
  'cart:changed': { lineCount: number };
  'session:signed-in': undefined;
  'session:signed-out': undefined;
  /**
   * The signed-in person now acts for another organisation (decision 057): prices, range, cart,
   * orders and quotations are another organisation's, so every bundle drops what it holds of them.
   */
  'session:organisation-changed': { organisationId: string | null };
  'session:expiring': { minutesLeft: number };
  'toast:requested': ToastRequest;
  'dialog:requested': DialogRequest;
  'locale:changed': { locale: Locale };
  'api:unauthorized': { url: string };
  'app:version-available': undefined;
}

/** Name of any declared event. */
export type PortalEventName = keyof PortalEvents;
