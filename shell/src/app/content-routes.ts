import type { ContentPageProps } from '../pages/content-page';

/** Public content pages the shell owns; bodies are server-managed texts (GET /api/v1/translations). */
export const CONTENT_ROUTES: ({ path: string } & ContentPageProps)[] = [
  { path: 'about', titleKey: 'title.about', bodyKey: 'content.about.body' },
  { path: 'example', titleKey: 'title.example', bodyKey: 'content.example.body' },
  { path: 'faq', titleKey: 'title.faq', bodyKey: 'content.faq.' },
  { path: 'privacy-policy', titleKey: 'title.privacy_policy', bodyKey: 'policies.privacy-policy.body' },
  { path: 'terms-and-conditions', titleKey: 'title.terms_and_conditions', bodyKey: 'policies.terms-and-conditions.body' },
  { path: 'policies/refund-policy', titleKey: 'title.refund_policy', bodyKey: 'policies.refund-policy.body' },
  { path: 'policies/return-policy', titleKey: 'title.return_policy', bodyKey: 'policies.return-policy.body' },
  { path: 'policies/general-policy', titleKey: 'title.general_policy', bodyKey: 'policies.general-policy.body' },
  { path: 'policies/privacy-policy', titleKey: 'title.privacy_policy', bodyKey: 'policies.privacy-policy.body' },
  { path: 'policies/shipping-policy', titleKey: 'title.shipping_policy', bodyKey: 'policies.shipping-policy.body' },
  { path: 'policies/cookie-policy', titleKey: 'title.cookie_policy', bodyKey: 'policies.cookie-policy.body' },
];
