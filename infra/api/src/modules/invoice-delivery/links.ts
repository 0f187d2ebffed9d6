// What the invoice-delivery owner reads of other owners' tables, and why (decision 065). Its code imports
// another owner's table only from here; the ownership test allows exactly the reads below.
export { organisations } from '../accounts/tables';

/** Each other owner's table this owner reads, by its SQL name, with the reason. */
export const READS: Readonly<Record<string, string>> = {
  organisations: "the staff's page of failed deliveries names each delivery's buyer organisation (decision 083)",
};
