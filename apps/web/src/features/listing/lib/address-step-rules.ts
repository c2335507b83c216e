/**
 * The address step's rules as routes/address.tsx loads them, on demand. A module of its own, imported
 * only that way, so the bundler gives it a chunk of its own whose exports it can hand over as they are.
 */
export { addressStepSchema, addressStepWithContactSchema } from '@listwise/domain/listing-address';
