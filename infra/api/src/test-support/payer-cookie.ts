// The `tokens` cookie as the browser's shell writes it (decision 016): JSON through js-cookie's
// encoder, which URI-encodes the value and then decodes back the characters a cookie may carry
// (`{`, `:`, `}` …). It is what a full-page navigation to the development payment page carries.
export function tokensCookie(accessToken: string): string {
  const json = JSON.stringify({ access_token: accessToken, token_type: 'Bearer', expires_in: 900, refresh_token: 'r' });
  return `tokens=${encodeURIComponent(json).replace(/%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g, decodeURIComponent)}`;
}
