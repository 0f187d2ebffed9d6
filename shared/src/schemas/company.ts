import * as v from 'valibot';
import { AddressSchema } from './address-shape';
import { IdSchema, IsoDateSchema, NullableTextSchema } from './fields';
import { ClientTypeSchema, OrganisationTypeSchema } from './organisation';

/** A person the customer deals with: their primary contact or the provider's sales consultant. */
export const ContactPersonSchema = v.object({
  name: v.string(),
  email: v.nullable(v.string()),
  phone: NullableTextSchema,
});
export type ContactPerson = v.InferOutput<typeof ContactPersonSchema>;

/** The supply contract of an organisation. */
export const ContractSchema = v.object({
  number: v.string(),
  starts_on: IsoDateSchema,
  ends_on: v.nullable(IsoDateSchema),
  /** Link to the signed conditions, when available. */
  conditions_url: NullableTextSchema,
});
export type Contract = v.InferOutput<typeof ContractSchema>;

/** A customer organisation (spec section 3, "Company"). */
export const CompanySchema = v.object({
  id: IdSchema,
  name: v.string(),
  vat_number: v.string(),
  billing_email: v.string(),
  website: NullableTextSchema,
  client_type: ClientTypeSchema,
  organisation_type: OrganisationTypeSchema,
  primary_contact: v.nullable(ContactPersonSchema),
  sales_consultant: v.nullable(ContactPersonSchema),
  /** Contract / customer number. */
  customer_number: v.string(),
  addresses: v.object({ delivery: v.array(AddressSchema), invoice: v.array(AddressSchema) }),
  contract: v.nullable(ContractSchema),
});
export type Company = v.InferOutput<typeof CompanySchema>;
