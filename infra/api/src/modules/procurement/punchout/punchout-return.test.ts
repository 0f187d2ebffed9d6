// The punchout's return URL (punchout-return.ts), without a database: an http(s) URL without
// credentials whose origin the identity allows, answered as that origin. The routes refusing it
// (403 for OCI, a cXML Status 403 for a setup request) are tested in punchout.routes.test.ts.
import { describe, expect, it } from 'vitest';
import { allowedReturn } from './punchout-return';

const identity = { returnOrigins: ['https://buy.example.com', 'http://erp.example.net:8080'] };

describe("the punchout's return URL", () => {
  it('is allowed on an origin of the identity, answered as that origin', () => {
    expect(allowedReturn(identity, 'https://buy.example.com/punchout/return?session=1')).toBe('https://buy.example.com');
    expect(allowedReturn(identity, 'http://erp.example.net:8080/hook')).toBe('http://erp.example.net:8080');
    expect(allowedReturn(identity, 'HTTPS://BUY.example.com:443/x')).toBe('https://buy.example.com');
  });

  it('is refused on any other origin: scheme, host or port', () => {
    expect(allowedReturn(identity, 'http://buy.example.com/return')).toBeNull();
    expect(allowedReturn(identity, 'https://buy.example.com.evil.test/return')).toBeNull();
    expect(allowedReturn(identity, 'http://erp.example.net:8081/hook')).toBeNull();
    expect(allowedReturn({ returnOrigins: [] }, 'https://buy.example.com/')).toBeNull();
  });

  it('is refused when it is not a URL', () => {
    expect(allowedReturn(identity, 'buy.example.com/return')).toBeNull();
    expect(allowedReturn(identity, '')).toBeNull();
  });

  it('is refused unless http or https, even where the configured origin would match', () => {
    // Opaque URLs all have the origin "null", as does a configured `data:` entry: only the scheme check refuses them.
    expect(allowedReturn({ returnOrigins: ['data:,x'] }, 'javascript:alert(1)')).toBeNull();
    expect(allowedReturn({ returnOrigins: ['ws://buy.example.com'] }, 'ws://buy.example.com/socket')).toBeNull();
  });

  it('is refused with a user name or a password in it', () => {
    expect(allowedReturn(identity, 'https://attacker@buy.example.com/return')).toBeNull();
    expect(allowedReturn(identity, 'https://:secret@buy.example.com/return')).toBeNull();
  });

  it('skips a configured origin that is not a URL and still matches the others', () => {
    expect(allowedReturn({ returnOrigins: ['not a url', 'https://buy.example.com'] }, 'https://buy.example.com/r')).toBe('https://buy.example.com');
    expect(allowedReturn({ returnOrigins: ['not a url'] }, 'https://buy.example.com/r')).toBeNull();
  });
});
