// What the accounts owner offers the other owners (decision 065): its ports, as types. Another owner
// imports this file's types only; the composition root (app.ts) hands it the implementation.
import type { ContractRecord, CustomerRecord, ImportedAddress, ImportedUser, TokenResponse } from '@portal/shared/schemas';
import type { CustomerCaller } from '../../caller';
import type { Db, Tx } from '../../db/client';
import type { VatBuyer } from '../../common/vat/vat-buyer';
import type { ImportOutcome } from '../imports/contract';

/** The supplier's contracts written into the accounts (owner: accounts, modules/accounts/organisation/contract-import.ts). */
export interface ContractImportPort {
  contracts(tx: Tx, lines: { lineNo: number; record: ContractRecord }[]): Promise<ImportOutcome[]>;
  /**
   * Organisations by customer number, with their addresses and invitations (modules/accounts/organisation/
   * customer-import.ts); the sending client is named in the invitations' audit rows.
   */
  customers(tx: Tx, lines: { lineNo: number; record: CustomerRecord }[], sender: { clientName: string }): Promise<ImportOutcome[]>;
}

/** An imported organisation's addresses (owner: accounts, modules/accounts/addresses/addresses.import.ts). */
export interface AddressImportPort {
  /**
   * In the caller's transaction: upserts each organisation's addresses by the ERP's key and removes
   * the imported ones (external key set) it no longer lists; addresses typed in the portal stay.
   */
  replaceImported(tx: Tx, batch: { organisationId: string; addresses: ImportedAddress[] }[]): Promise<void>;
}

/** Invitations into an organisation in the caller's transaction (owner: accounts, modules/accounts/users/member-invitations.ts). */
export interface MemberInvitationPort {
  /**
   * Invites (account without password, membership, one-time link, mail via the outbox) those whose
   * e-mail address has no account; anyone with one is left alone. Answers how many were invited.
   */
  inviteNew(tx: Tx, organisation: { id: string; name: string }, people: ImportedUser[], sender: { clientName: string }): Promise<number>;
}

/**
 * A sign-in made for another module that authenticated the request its own way (owner: oauth,
 * modules/accounts/oauth/sign-in.port.ts): the punchout's one-time start URL (decision 052). The same audit
 * entry, tokens and refresh-token family as a password sign-in, for the web client.
 */
export interface SignInPort {
  /** `sessionId`: the refresh-token family (the access token's `sid`); null when the account or membership cannot sign in. */
  signInAs(userId: string, organisationId: string, ctx: { ip: string; requestId: string; method: string }): Promise<{ tokens: TokenResponse; sessionId: string } | null>;
}

/** A member of an organisation as the approvals name them (owner: accounts, modules/accounts/users/member-directory.ts). */
export interface Member {
  id: string;
  name: string;
  firstName: string;
  email: string;
  locale: string;
  role: string;
}

/** The organisation's people, read by the approval rules and requests (issue 33). */
export interface MemberDirectoryPort {
  /** The organisation's active members, by name. */
  members(db: Db | Tx, organisationId: string): Promise<Member[]>;
  /** These people as members of the organisation (another organisation's or a deactivated member: absent). */
  people(db: Db | Tx, organisationId: string, ids: string[]): Promise<Map<string, Member>>;
}

/** Whose data (issue 44, decision 063): the account being copied or erased. */
export interface DataSubject {
  userId: string;
  /** The account's address as it was before anything was anonymised (mail and newsletter rows name it). */
  email: string;
  /** Their phone number as it was (text messages name it). */
  phone: string | null;
}

/** A person's records of one owner, for their own copy: section name → rows of plain values. */
export type PersonalRecords = Record<string, Record<string, unknown>[]>;

/**
 * What one owner keeps of a person (issue 44, decision 063). Each owner implements its own, in its
 * folder's `personal-data.ts` (orders, quotations, cart, order lists, content); the privacy module
 * asks them all for the download and, at the end of a closed account's retention period, for the
 * erasure, on the job's transaction. What each deletes, anonymises or keeps is the owner's rule.
 */
export interface PersonalDataPort {
  /** The owner (logs, the tests). */
  owner: string;
  /** The person's records this owner holds, for their download; sections with no rows may be left out. */
  exportOf(db: Db, subject: DataSubject): Promise<PersonalRecords>;
  /** Deletes or anonymises the person's records, on the retention job's transaction. */
  erase(tx: Tx, subject: DataSubject): Promise<void>;
}

/**
 * The buyer's facts the VAT rule needs (decision 058; owner: accounts, modules/accounts/organisation/vat-buyers.ts):
 * the caller's organisation's client type, VAT number, country and exemption ground; a customer
 * without an organisation is a consumer. The cart, the checkout and the invoice ask the same rule with them.
 */
export interface VatBuyerPort {
  of(db: Db | Tx, who: Pick<CustomerCaller, 'organisationId'>): Promise<VatBuyer>;
}
