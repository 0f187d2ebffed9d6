// What the privacy policy promises (issue 44, decision 063): a person downloads their own data, a
// web-shop customer closes their own account, an organisation's administrator closes a user's.
// The API routes, the account pages and the tests read these.
import * as v from 'valibot';
import { IsoDateSchema, mustBeTicked } from './fields';
import { MESSAGE_KEYS as M } from './messages';

/** Stable error codes of the privacy routes. */
export const PRIVACY_ERRORS = {
  /** A member of an organisation asks its administrator to close the account (it holds the organisation's orders). */
  CLOSE_BY_ADMINISTRATOR: 'ACCOUNT_CLOSE_BY_ADMINISTRATOR',
} as const;

/** One record of the download: plain values, as stored. */
export const PersonalRecordSchema = v.record(v.string(), v.unknown());

/**
 * The person's data as JSON: their profile, and one list per kind of record (addresses, orders,
 * quotations, messages, …). `GET /v1/profile/data/csv` has the same records, one value a line
 * (section, record, field, value).
 */
export const DataExportSchema = v.object({
  exported_at: v.string(),
  profile: PersonalRecordSchema,
  sections: v.record(v.string(), v.array(PersonalRecordSchema)),
});
export type DataExport = v.InferOutput<typeof DataExportSchema>;

/** `POST /v1/profile/close`: the confirmation the dialog gives. */
export const CloseAccountSchema = v.strictObject({
  confirm: mustBeTicked(M.invalidValue),
});
export type CloseAccountInput = v.InferInput<typeof CloseAccountSchema>;

/** A closed account: when, and the day from which its data is deleted or anonymised. */
export const AccountClosedSchema = v.object({
  closed_at: v.string(),
  erased_from: IsoDateSchema,
});
export type AccountClosed = v.InferOutput<typeof AccountClosedSchema>;

/**
 * What an administrator's closure did: `closed` (the account is closed, its data goes after the
 * retention period), or `removed` (the person belongs to another organisation too, which this one's
 * administrator has no say over: they leave this organisation only; decision 032).
 */
export const UserClosureSchema = v.object({ result: v.picklist(['closed', 'removed']) });
export type UserClosure = v.InferOutput<typeof UserClosureSchema>;
