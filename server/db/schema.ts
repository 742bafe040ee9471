/** Every table, for Drizzle's query builder and drizzle-kit. Each capability owns its own schema file. */
export * from '../catalog/schema.ts';
export * from '../media/schema.ts';
export * from '../auth/schema.ts';
export * from '../mail/schema.ts';
export * from '../orders/schema.ts';
export * from '../cart/schema.ts';
