// The hospital's punchout user of the demo data: `npm start`'s demo procurement identities sign in as
// it (decision 052). The seed makes the account; the demo identities find it by this address.
export const DEMO_PUNCHOUT_USER = 'punchout@zorggroep-scheldeland.example';
