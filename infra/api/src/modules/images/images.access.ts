// Access policy of the images (see http/access-policy.ts). An image's URL carries its content hash,
// which only the catalogue's answers disclose, and those are scoped (a product the caller may not
// see is never in them): the URL is the capability, as <img> cannot send a token. The route reads no
// token, so every caller gets the same answer, cacheable by any cache (decision 020). A hash that no
// product shows is a 404.
import { everyone, type AccessTable } from '../../http/access-policy';
import { demoImage } from '../../db/seed/product-images';

export const imagesAccess: AccessTable = {
  'GET /api/v1/images/:hash/:variant': {
    request: () => ({ url: `/api/v1/images/${demoImage('tourniquets', 'front').hash}/320.webp` }),
    expect: everyone(200),
    forged: 'ignored',
  },
};
