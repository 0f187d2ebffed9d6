// Procurement identities for tests of other owners (the orders' punchout gate): they set up an identity
// as the operator's command does, with the secret hashed the way the procurement owner checks it.
export { hashProcurementSecret } from '../modules/procurement/identities';
