// The whole data model, one module per area. drizzle-kit reads this file to generate migrations.
export * from './enums';
export * from './organisations';
export * from './catalogue';
export * from './orders';
export * from './auth';
export * from './content';
export * from './payments';
export * from './refunds';
export * from './integration';
export * from './invoice-deliveries';
export * from './shipments';
export * from './invoices';
export * from './integration-events';
export * from './imports';
export * from './procurement';
export * from './budgets';
