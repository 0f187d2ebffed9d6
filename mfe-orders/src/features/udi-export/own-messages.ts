// The UDI export form's own texts (components/feature-messages.tsx); its link and introduction stay in
// the remote's messages.
import type { LoadTexts } from '../../components/feature-messages';

export const udiExportTexts: LoadTexts = (locale) => import(`./messages/${locale}.json`).then((m: { default: Record<string, string> }) => m.default);
