// The punchout round trips (issue 34, decision 052). A setup request (cXML) or an OCI call names a
// procurement identity and a return URL; the answer is a one-time start URL that signs the
// identity's user in (the same tokens as a password sign-in) in punchout mode, the cart emptied
// (create) or restored from the request's ItemOut lines (edit, inspect). The transfer turns the cart,
// priced as the contract prices it, into a PunchOutOrderMessage or OCI fields behind a one-time
// page whose form posts to the return URL, whose origin the identity allows.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PUNCHOUT_ERRORS, type CartLine, type CatalogProductSummary, type OciEntry, type PunchoutSession, type QuickOrderLine, type QuickOrderResult, type TokenResponse } from '@portal/shared/schemas';
import type { CustomerCaller } from '../../../caller';
import { hashToken } from '../../../common/crypto';
import type { SignInPort } from '../../accounts/contract';
import { authenticateProcurementIdentity, type ProcurementIdentity } from '../identities';
import { allowedReturn } from './punchout-return';
import { unitCode } from '../../../common/unit-codes';
import type { Db } from '../../../db/client';
import type { PunchoutOperation, PunchoutRestoreLine } from '../tables';
import { users } from '../links';
import { AppError } from '../../../errors';
import { resolveScope, type ShopScope } from '../../../plugins/request-context';
import { CxmlRefusal } from '../protocol/cxml-envelope';
import { orderMessage, readSetupRequest, setupResponse, type MessageLine } from './cxml';
import { ociFields } from './oci';
import { askedLanguage, sessionLanguage, type PunchoutLanguage } from './punchout-language';
import type { PunchoutRepository, PunchoutSessionRow } from './punchout.repository';

/** What the punchout needs of the cart (the cart module's service, given by app.ts). */
export interface PunchoutCart {
  lines(scope: ShopScope, caller: CustomerCaller): Promise<CartLine[]>;
  add(scope: ShopScope, caller: CustomerCaller, lines: { product_id: string; quantity: number }[], pathOf: (i: number) => string): Promise<unknown>;
  remove(scope: ShopScope, caller: CustomerCaller, productId: string): Promise<unknown>;
}

/** What the punchout needs of the catalogue (the catalog module's repository, given by app.ts). */
export interface PunchoutProducts {
  summariesByIds(scope: ShopScope, ids: string[]): Promise<Map<string, CatalogProductSummary>>;
  resolveQuickOrder(scope: ShopScope, lines: QuickOrderLine[]): Promise<QuickOrderResult>;
}

export interface PunchoutDeps {
  db: Db;
  repo: PunchoutRepository;
  signIn: SignInPort;
  cart: PunchoutCart;
  products: PunchoutProducts;
  /** The portal's public origin (start and transfer URLs are absolute). */
  publicBaseUrl: string;
  startTtlSeconds: number;
}

const TRANSFER_TTL_SECONDS = 120;
const CURRENCY = 'EUR';
const newToken = () => randomBytes(32).toString('base64url');

const linkExpired = () => new AppError(410, PUNCHOUT_ERRORS.LINK_EXPIRED, 'This punchout link was used already or has expired');
const notPunchout = () => new AppError(404, PUNCHOUT_ERRORS.NOT_PUNCHOUT, 'This session is not a punchout session');

export function createPunchoutService(deps: PunchoutDeps) {
  const { db, repo, signIn, cart, products } = deps;
  const host = new URL(deps.publicBaseUrl).host;

  async function open(identity: ProcurementIdentity, opening: { operation: PunchoutOperation; buyerCookie: string | null; returnUrl: string; target: string | null; header: { from: { domain: string; identity: string }; to: { domain: string; identity: string } } | null; restore: PunchoutRestoreLine[]; asked: PunchoutLanguage | null }) {
    const token = newToken();
    const { asked, ...session } = opening;
    // The language the procurement system asks, else the identity's user's own (issue 44).
    const [user] = asked ? [] : await db.select({ locale: users.locale }).from(users).where(eq(users.id, identity.userId));
    await repo.open({
      identityId: identity.id,
      organisationId: identity.organisationId,
      userId: identity.userId,
      protocol: identity.protocol,
      ...session,
      locale: sessionLanguage(asked, user?.locale),
      startTokenHash: hashToken(token),
      startExpiresAt: new Date(Date.now() + deps.startTtlSeconds * 1000),
    });
    return `${deps.publicBaseUrl}/api/punchout/start/${token}`;
  }

  /** The buyer's cart as the start leaves it: empty (create), or the request's lines (edit, inspect). */
  async function prepareCart(row: PunchoutSessionRow, caller: CustomerCaller) {
    const scope = await resolveScope(db, caller, 'portal', row.locale === 'nl' || row.locale === 'fr' ? row.locale : 'en');
    for (const line of await cart.lines(scope, caller)) await cart.remove(scope, caller, line.product_id);
    if (!row.restore.length) return;
    const resolved = await products.resolveQuickOrder(scope, row.restore.map((l) => ({ code: l.code, quantity: l.quantity })));
    for (const line of resolved.lines) {
      // A line the contract no longer offers, or no longer has in stock, is left out: the buyer sees
      // the cart as it can be ordered now.
      if (!line.product || (line.status !== 'found' && line.status !== 'above_stock')) continue;
      const quantity = Math.min(line.quantity, line.product.max_quantity);
      if (quantity > 0) await cart.add(scope, caller, [{ product_id: line.product.id, quantity }], () => 'lines').catch(() => undefined);
    }
  }

  /** The cart's lines as the order message and OCI carry them, priced by the contract. */
  async function messageLines(scope: ShopScope, caller: CustomerCaller): Promise<MessageLine[]> {
    const lines = (await cart.lines(scope, caller)).filter((l) => l.unit_price);
    const facts = await products.summariesByIds(scope, lines.map((l) => l.product_id));
    return lines.map((l) => {
      const p = facts.get(l.product_id);
      return {
        articleCode: l.article_code,
        quantity: l.quantity,
        unitPriceCents: l.unit_price!.excl_vat,
        currency: CURRENCY,
        description: l.name,
        unit: unitCode(p?.unit ?? 'piece'),
        manufacturerPartId: p?.product_code ?? null,
        manufacturerName: p?.brand ?? null,
        // The catalogue has no UNSPSC codes yet: the classification is sent empty.
        unspsc: null,
      };
    });
  }

  return {
    /** A cXML PunchOutSetupRequest answered with its response document; refusals throw CxmlRefusal. */
    async setup(xml: string): Promise<string> {
      const request = readSetupRequest(xml);
      const identity = await authenticateProcurementIdentity(db, { protocol: 'cxml', domain: request.sender.domain, identity: request.sender.identity, secret: request.sender.secret });
      if (!identity) throw new CxmlRefusal(401, 'The Sender credential or its SharedSecret is not known');
      if (!allowedReturn(identity, request.browserFormPost)) {
        throw new CxmlRefusal(403, 'The BrowserFormPost URL is not one of the return addresses configured for this identity');
      }
      const startUrl = await open(identity, {
        operation: request.operation,
        buyerCookie: request.buyerCookie,
        returnUrl: request.browserFormPost,
        target: null,
        header: { from: request.from, to: request.to },
        restore: request.operation === 'create' ? [] : request.items,
        asked: request.locale,
      });
      return setupResponse(host, startUrl);
    },

    /** The OCI call: the start URL to redirect to. */
    async oci(entry: OciEntry): Promise<string> {
      const identity = await authenticateProcurementIdentity(db, { protocol: 'oci', domain: null, identity: entry.USERNAME, secret: entry.PASSWORD });
      if (!identity) throw new AppError(401, PUNCHOUT_ERRORS.BAD_CREDENTIAL, 'USERNAME or PASSWORD is not known');
      if (!allowedReturn(identity, entry.HOOK_URL)) throw new AppError(403, PUNCHOUT_ERRORS.ORIGIN_NOT_ALLOWED, 'The HOOK_URL is not one of the return addresses configured for this user');
      return open(identity, { operation: 'create', buyerCookie: null, returnUrl: entry.HOOK_URL, target: entry['~TARGET'] || null, header: null, restore: [], asked: askedLanguage(entry.LANGUAGE) });
    },

    /** Consumes a start link: signs the identity's user in with the cart prepared; 410 when used or expired. */
    async start(token: string, ctx: { ip: string; requestId: string }): Promise<{ tokens: TokenResponse; locale: string }> {
      const row = await repo.consumeStart(hashToken(token));
      if (!row) throw linkExpired();
      const signedIn = await signIn.signInAs(row.userId, row.organisationId, { ...ctx, method: `punchout_${row.protocol}` });
      if (!signedIn) throw linkExpired();
      await repo.bind(row.id, signedIn.sessionId);
      await prepareCart(row, { kind: 'customer', userId: row.userId, organisationId: row.organisationId, role: 'buyer' });
      return { tokens: signedIn.tokens, locale: row.locale };
    },

    /** The caller's punchout session, as the shell's header shows it. */
    async session(caller: CustomerCaller, sid: string | null): Promise<PunchoutSession> {
      const row = sid ? await repo.ofCaller(caller, sid) : null;
      if (!row) throw notPunchout();
      return { protocol: row.protocol, operation: row.operation, return_host: new URL(row.returnUrl).host };
    },

    /** Prepares the transfer: the form (cXML message or OCI fields) behind a one-time page. */
    async transfer(caller: CustomerCaller, sid: string | null, scope: ShopScope): Promise<{ transfer_url: string }> {
      const row = sid ? await repo.ofCaller(caller, sid) : null;
      if (!row) throw notPunchout();
      const lines = await messageLines(scope, caller);
      if (!lines.length) throw new AppError(409, PUNCHOUT_ERRORS.CART_EMPTY, 'The cart is empty: add products before transferring it');
      const fields: [string, string][] =
        row.protocol === 'oci'
          ? ociFields(lines)
          : [['cxml-urlencoded', orderMessage({ host, locale: row.locale, header: row.header, buyerCookie: row.buyerCookie ?? '', operation: row.operation, lines })]];
      const token = newToken();
      await repo.prepareTransfer(row.id, hashToken(token), new Date(Date.now() + TRANSFER_TTL_SECONDS * 1000), fields);
      return { transfer_url: `/api/punchout/transfer/${token}` };
    },

    /** Consumes a transfer link: what the page posts, and where. */
    async transferPage(token: string) {
      const row = await repo.consumeTransfer(hashToken(token));
      if (!row?.transferForm) throw linkExpired();
      return { locale: row.locale, action: row.returnUrl, target: row.target, fields: row.transferForm.fields, origin: new URL(row.returnUrl).origin };
    },
  };
}
export type PunchoutService = ReturnType<typeof createPunchoutService>;
