// Where an invoice is mailed: the one rule (issue 40, decision 061). An organisation's invoices go to
// its billing e-mail, the one its contract page shows (organisations.billing_email), and to nothing
// else: not the invoice address's e-mail nor the buyer's, which the contract page does not show.
// Without one (and without a Peppol id) the document reaches nobody and staff see why. A web-shop
// buyer has no organisation: their invoice address's e-mail, else their account's.
export interface BillingParty {
  /** The buyer organisation (null: a web-shop buyer). */
  organisationId: string | null;
  /** organisations.billing_email of that organisation. */
  organisationBillingEmail: string | null;
  /** A web-shop buyer's e-mail: the invoice address's, else the account's (null for an organisation). */
  buyerEmail?: string | null;
}

/** The address an invoice is mailed to, trimmed; null: none. */
export function billingEmailOf(p: BillingParty): string | null {
  const email = p.organisationId ? p.organisationBillingEmail : p.buyerEmail;
  return email?.trim() || null;
}
