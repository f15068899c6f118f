import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base32Encode, displayPrefix, generateToken, hashToken, looksLikeToken, sameDigest } from './api-key-token.js';

describe('API key tokens', () => {
  it('encodes base32 as RFC 4648 section 10 (test vectors, padding dropped)', () => {
    const vectors: Array<[string, string]> = [
      ['', ''], ['f', 'MY'], ['fo', 'MZXQ'], ['foo', 'MZXW6'], ['foob', 'MZXW6YQ'], ['fooba', 'MZXW6YTB'], ['foobar', 'MZXW6YTBOI'],
    ];
    for (const [plain, encoded] of vectors) expect(base32Encode(Buffer.from(plain))).toBe(encoded);
    expect(base32Encode(Buffer.alloc(32, 0xff))).toBe(`${'7'.repeat(51)}Q`);
  });

  it('makes svc_live_ + 52 base32 characters, different every time', () => {
    const tokens = new Set(Array.from({ length: 200 }, generateToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) {
      expect(token).toMatch(/^svc_live_[A-Z2-7]{52}$/);
      expect(looksLikeToken(token)).toBe(true);
    }
  });

  it('rejects anything that is not exactly that shape', () => {
    const good = generateToken();
    for (const bad of [good.toLowerCase(), `${good}A`, good.slice(0, -1), good.replace('svc_live_', 'svc_test_'), ` ${good}`, `${good.slice(0, -1)}1`]) {
      expect(looksLikeToken(bad)).toBe(false);
    }
  });

  it('hashes with SHA-256 hex and shows the first 16 characters', () => {
    const token = generateToken();
    expect(hashToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
    expect(displayPrefix(token)).toBe(token.slice(0, 16));
    expect(displayPrefix(token)).toHaveLength(16);
  });

  it('compares digests in constant time and refuses malformed ones', () => {
    const digest = hashToken('x');
    expect(sameDigest(digest, hashToken('x'))).toBe(true);
    expect(sameDigest(digest, hashToken('y'))).toBe(false);
    expect(sameDigest(digest, digest.slice(0, 62))).toBe(false);
    expect(sameDigest('zz'.repeat(32), 'zz'.repeat(32))).toBe(false);
  });
});
