// A Peppol access point over HTTP, in the REST shape of phoss-ap (the open-source access point of
// the Peppol reference implementation's author): the raw UBL is POSTed to
// `/api/outbound/submit/{senderID}/{receiverID}/{docTypeID}/{processID}/{c1CountryCode}` with the
// portal's message id as `sbdhInstanceID` and the API token as `X-Token`; `GET
// /api/outbound/status/{sbdhInstanceID}` answers the transaction (`status`: pending, sending, sent,
// failed (retried by the access point), permanently_failed, rejected; `mlsStatus`: the receiving
// side's message-level status, `received_re` a rejection; `errorDetails`). A hosted service with
// another shape (Storecove, e-invoice.be) is another implementation of AccessPoint, not a change here.
//
// Each call has a deadline and is retried a few times at once on network errors, 5xx and 429
// (p-retry); a send that failed in a way that may still have reached the access point asks for the
// message by its id before it reports failure, so a document is not handed over twice.
import pRetry, { AbortError } from 'p-retry';
import {
  AccessPointError,
  participantIdentifier,
  PEPPOL_PROCESS_IDS,
  PEPPOL_DOCUMENT_TYPE_IDS,
  type AccessPoint,
  type OutgoingDocument,
  type TransmissionStatus,
} from './access-point';

export interface HttpAccessPointConfig {
  /** The access point's origin (and path prefix), e.g. `https://ap.example.com`. */
  url: string;
  token: string;
  /** One call's deadline. */
  timeoutMs?: number;
  /** Immediate retries of one call (network errors, 5xx, 429). */
  retries?: number;
  /** First pause between them (doubles). */
  retryDelayMs?: number;
}

/** One HTTP answer that is not a success: its status and the start of its body. */
class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`the access point answered ${status}${body ? `: ${body.slice(0, 300)}` : ''}`);
  }
}

const transient = (status: number) => status >= 500 || status === 429 || status === 408;

interface StatusAnswer {
  status?: unknown;
  mlsStatus?: unknown;
  errorDetails?: unknown;
}

/** The access point's transaction as a TransmissionStatus. */
export function transmissionStatusOf(answer: StatusAnswer): TransmissionStatus {
  const details = typeof answer.errorDetails === 'string' && answer.errorDetails ? answer.errorDetails : null;
  if (answer.status === 'rejected') return { state: 'failed', reason: details ?? 'the access point rejected the document' };
  if (answer.status === 'permanently_failed') return { state: 'failed', reason: details ?? 'the access point gave up sending the document' };
  if (answer.mlsStatus === 'received_re') return { state: 'failed', reason: details ?? "the receiver's access point rejected the document (message-level status RE)" };
  // `sent`: the receiving access point signed the AS4 receipt.
  if (answer.status === 'sent') return { state: 'delivered' };
  return { state: 'sent' };
}

export function createHttpAccessPoint(config: HttpAccessPointConfig): AccessPoint {
  const base = config.url.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 15_000;
  const headers = { 'x-token': config.token };

  /** One request, retried at once while the failure is the network's or the server's. */
  function call(path: string, init: RequestInit): Promise<Response> {
    return pRetry(
      async () => {
        const res = await fetch(`${base}${path}`, { ...init, headers: { ...headers, ...init.headers }, signal: AbortSignal.timeout(timeoutMs) });
        if (res.ok || res.status === 404) return res;
        const error = new HttpStatusError(res.status, await res.text().catch(() => ''));
        // A 4xx says the same the next time: no point retrying now.
        throw transient(res.status) ? error : new AbortError(error);
      },
      { retries: config.retries ?? 2, minTimeout: config.retryDelayMs ?? 250, factor: 2, randomize: true },
    );
  }

  async function status(messageId: string): Promise<TransmissionStatus> {
    const res = await call(`/api/outbound/status/${encodeURIComponent(messageId)}`, { method: 'GET', headers: { accept: 'application/json' } });
    if (res.status === 404) return { state: 'unknown' };
    return transmissionStatusOf((await res.json()) as StatusAnswer);
  }

  return {
    name: 'http',
    status,
    async send(document: OutgoingDocument) {
      const path = [
        '/api/outbound/submit',
        participantIdentifier(document.senderId),
        participantIdentifier(document.receiverId),
        PEPPOL_DOCUMENT_TYPE_IDS[document.documentType],
        PEPPOL_PROCESS_IDS[document.documentType],
        document.senderCountry,
      ]
        .map((part, i) => (i === 0 ? part : encodeURIComponent(part)))
        .join('/');
      try {
        const res = await call(`${path}?sbdhInstanceID=${encodeURIComponent(document.id)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/xml' },
          body: new Uint8Array(document.ubl),
        });
        if (res.status === 404) throw new AccessPointError('the access point does not accept documents now (sending disabled, 404)', false);
        return { messageId: document.id };
      } catch (err) {
        if (err instanceof AccessPointError) throw err;
        // phoss-ap keeps a document whose first transmission failed (422) and retries it itself; a
        // timeout or a 5xx may have come after it was kept. Ask before calling it a failure.
        const known = await status(document.id).catch(() => null);
        if (known && known.state !== 'unknown') return { messageId: document.id };
        const message = err instanceof Error ? err.message : String(err);
        const status4xx = err instanceof HttpStatusError && !transient(err.status) ? err.status : null;
        // 400 and 422: the document or an identifier was refused; 401/403: the token, fixed by configuration (retried).
        throw new AccessPointError(message, status4xx === 400 || status4xx === 422);
      }
    },
  };
}
