// Punchout (issue 34, decision 052): a buyer's procurement system (Ariba, Coupa, SAP, Mercurius)
// opens the catalogue, the buyer fills the cart, and the cart goes back to the procurement system
// (cXML PunchOutOrderMessage or SAP OCI fields). The portal side of that round trip: what the shell
// learns about the punchout session and what the transfer answers.
import * as v from 'valibot';
import { inputString } from './fields';

/** Stable codes of the punchout routes' refusals. */
export const PUNCHOUT_ERRORS = {
  /** 401: the procurement system's credential (cXML Sender, OCI USERNAME/PASSWORD) is not known. */
  BAD_CREDENTIAL: 'PUNCHOUT_BAD_CREDENTIAL',
  /** 400: not a PunchOutSetupRequest the portal reads (or XML it refuses: DTD, entities, too large). */
  BAD_REQUEST: 'PUNCHOUT_BAD_REQUEST',
  /** 403: the return URL's origin is not one of the identity's return origins. */
  ORIGIN_NOT_ALLOWED: 'PUNCHOUT_ORIGIN_NOT_ALLOWED',
  /** 410: the start or transfer link is unknown, used already, or expired. */
  LINK_EXPIRED: 'PUNCHOUT_LINK_EXPIRED',
  /** 404: the caller's session is not a punchout session. */
  NOT_PUNCHOUT: 'PUNCHOUT_NOT_ACTIVE',
  /** 409: the cart is empty: nothing to transfer. */
  CART_EMPTY: 'PUNCHOUT_CART_EMPTY',
  /**
   * 409: the caller's sign-in is an open punchout session: its cart goes back to the procurement
   * system (transfer), which orders it; placing it or submitting it for approval in the portal is
   * refused until the session is transferred.
   */
  ORDER_IN_PROCUREMENT: 'PUNCHOUT_ORDER_IN_PROCUREMENT',
} as const;

export const PUNCHOUT_PROTOCOLS = ['cxml', 'oci'] as const;

/** The caller's punchout session as the shell shows it (GET /api/punchout/session). */
export const PunchoutSessionSchema = v.object({
  protocol: v.picklist(PUNCHOUT_PROTOCOLS),
  operation: v.picklist(['create', 'edit', 'inspect']),
  /** The host the cart goes back to (the return URL's host), shown in the header. */
  return_host: v.string(),
});
export type PunchoutSession = v.InferOutput<typeof PunchoutSessionSchema>;

/** The transfer's answer: the one-time page that posts the cart to the procurement system. */
export const PunchoutTransferSchema = v.object({ transfer_url: v.string() });
export type PunchoutTransfer = v.InferOutput<typeof PunchoutTransferSchema>;

/** A one-time link's token (start URL, transfer page): 43 base64url characters. */
export const PunchoutTokenParamsSchema = v.strictObject({ token: v.pipe(inputString(), v.regex(/^[A-Za-z0-9_-]{43}$/)) });

/**
 * The OCI catalogue call (GET query or POST form): the procurement system's user and password, the
 * HOOK_URL the cart goes back to, and the optional `~TARGET` frame (and `~OkCode`, `~CALLER`, ...,
 * which are accepted and ignored), and the LANGUAGE the session opens in (`NL`, `FR`, `EN` or SAP's
 * `N`, `F`, `E`; another or none: the user's language). Other fields are accepted too.
 */
export const OciEntrySchema = v.looseObject({
  USERNAME: v.pipe(inputString(), v.trim(), v.nonEmpty(), v.maxLength(200)),
  PASSWORD: v.pipe(inputString(), v.nonEmpty(), v.maxLength(200)),
  HOOK_URL: v.pipe(inputString(), v.trim(), v.maxLength(2000), v.url()),
  '~TARGET': v.optional(v.pipe(inputString(), v.trim(), v.maxLength(100), v.regex(/^[\w-]*$/))),
  LANGUAGE: v.optional(v.pipe(inputString(), v.trim(), v.maxLength(35))),
});
export type OciEntry = v.InferOutput<typeof OciEntrySchema>;
