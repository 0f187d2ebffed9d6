// What the portal needs of a Peppol access point (decision 048): hand it a document for one receiver
// and follow it until the receiving side has it or it failed. Every access point's REST API has this
// shape (phoss-ap, Storecove, e-invoice.be, Ecosio): a submit that answers a message id, a status
// by that id. The portal names the message itself (the delivery row's id), so a send that may or may
// not have arrived (a timeout, a crash before its answer was recorded) is asked about, never sent twice.

/** Peppol BIS Billing 3.0 documents, and the Ordering 3 Order Response the procurement orders answer with. */
export type PeppolDocumentType = 'Invoice' | 'CreditNote' | 'OrderResponse' | 'DespatchAdvice';

/** Document type identifiers (Peppol policy for use of identifiers, scheme busdox-docid-qns). */
export const PEPPOL_DOCUMENT_TYPE_IDS: Record<PeppolDocumentType, string> = {
  Invoice: 'busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1',
  CreditNote:
    'busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1',
  OrderResponse: 'busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:OrderResponse-2::OrderResponse##urn:fdc:peppol.eu:poacc:trns:order_response:3::2.1',
  DespatchAdvice: 'busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:DespatchAdvice-2::DespatchAdvice##urn:fdc:peppol.eu:poacc:trns:despatch_advice:3::2.1',
};
/** The BIS Billing 3.0 process. */
export const PEPPOL_BILLING_PROCESS_ID = 'cenbii-procid-ubl::urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
/** The BIS Ordering 3 process (an Order answered by an Order Response). */
export const PEPPOL_ORDERING_PROCESS_ID = 'cenbii-procid-ubl::urn:fdc:peppol.eu:poacc:bis:ordering:3';
/** The process each document type travels in. */
export const PEPPOL_PROCESS_IDS: Record<PeppolDocumentType, string> = {
  Invoice: PEPPOL_BILLING_PROCESS_ID,
  CreditNote: PEPPOL_BILLING_PROCESS_ID,
  OrderResponse: PEPPOL_ORDERING_PROCESS_ID,
  DespatchAdvice: 'cenbii-procid-ubl::urn:fdc:peppol.eu:poacc:bis:despatch_advice:3',
};

/** A participant id as the network writes it: `scheme:id` (e.g. `0208:0412345678`) under the ISO 6523 scheme. */
export const participantIdentifier = (schemeAndId: string) => `iso6523-actorid-upis::${schemeAndId}`;

export interface OutgoingDocument {
  /** The portal's id of this transmission (a UUID): the message id asked for, and what a retry asks about. */
  id: string;
  /** `scheme:id`, e.g. `0208:0412345678`. */
  senderId: string;
  receiverId: string;
  documentType: PeppolDocumentType;
  /** The sender's country (C1), ISO 3166-1 alpha-2. */
  senderCountry: string;
  /** The UBL 2.1 document. */
  ubl: Buffer;
}

/** Where a message is: with the access point on its way (sent), received by the receiver's side, failed, or unknown to it. */
export type TransmissionStatus =
  | { state: 'sent' }
  | { state: 'delivered' }
  | { state: 'failed'; reason: string }
  | { state: 'unknown' };

export interface AccessPoint {
  readonly name: string;
  /** Hands the document over; answers the access point's message id. Throws an AccessPointError when it was not taken. */
  send(document: OutgoingDocument): Promise<{ messageId: string }>;
  status(messageId: string): Promise<TransmissionStatus>;
}

/** A refusal or a failure of the access point. `permanent`: sending the same again cannot work (a bad receiver id, a refused document). */
export class AccessPointError extends Error {
  override name = 'AccessPointError';
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}
