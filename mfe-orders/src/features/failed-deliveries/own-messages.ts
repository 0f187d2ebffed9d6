// The failed deliveries' own texts (components/feature-messages.tsx); the three error texts an
// invoice's retry can show stay in the remote's messages.
import type { LoadTexts } from '../../components/feature-messages';

export const failedDeliveryTexts: LoadTexts = (locale) => import(`./messages/${locale}.json`).then((m: { default: Record<string, string> }) => m.default);
