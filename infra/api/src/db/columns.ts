// Column types the owners' tables share.
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Binary column (PDF and XML bytes). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** When a row was written (the default is the database's clock). */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
