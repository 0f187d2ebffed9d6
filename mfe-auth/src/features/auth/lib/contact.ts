/** Where visitors without an account can reach the provider (the contact form needs a sign-in). */
export const CONTACT_EMAIL = 'sales@portal.example';
