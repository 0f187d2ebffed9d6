// Access policy of the images (see security/access-policy.ts). An image's URL carries its content hash,
// which only the catalogue's answers disclose, and those are scoped (a product the caller may not
// see is never in them): the URL is the capability, as <img> cannot send a token. The route reads no
// token, so every caller gets the same answer, cacheable by any cache (decision 020). A hash that no
// product shows is a 404.
import { createHash } from 'node:crypto';
import { everyone, type AccessTable } from '../access-policy';
import { demoImage } from '../../seed/product-images';

export const imagesAccess: AccessTable = {
  'GET /api/v1/images/:hash/:variant': {
    request: () => ({ url: `/api/v1/images/${demoImage('tourniquets', 'front').hash}/320.webp` }),
    expect: everyone(200),
    forged: 'ignored',
    // The route takes content hashes only, never a product id: B's pictures are reached through B's
    // scoped answers alone, and a hash no product shows (here one made from B's product id) is a 404.
    foreign: { request: (fx) => ({ url: `/api/v1/images/${createHash('sha256').update(fx.productB.id).digest('hex')}/320.webp` }), expect: 404 },
  },
};
