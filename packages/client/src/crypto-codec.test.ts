import { hexToBytes } from '@noble/ciphers/utils.js';
import { describe, expect, it } from 'vitest';
import { createCryptoCodec, cryptoCodec } from './crypto-codec';
import type { StoredRecord } from './storage';

const record: StoredRecord = {
  value: [{ mobile: '13800000000', nickname: '王小明' }],
  time: 1_714_550_400_000,
  expire: -1,
};

/** Flips one bit of the byte at `index` of the base64 text's payload. */
const flipByte = (text: string, index: number): string => {
  const bytes = Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
  bytes[index] = (bytes[index] ?? 0) ^ 0x01;
  return btoa(String.fromCharCode(...bytes));
};

describe('cryptoCodec', () => {
  it('round-trips a record through base64 text that does not show it', () => {
    const text = cryptoCodec.encode(record);

    expect(text).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(atob(text)).not.toContain('13800000000');
    expect(cryptoCodec.decode(text)).toEqual(record);
  });

  it('uses a fresh nonce per write', () => {
    expect(cryptoCodec.encode(record)).not.toBe(cryptoCodec.encode(record));
  });

  it('reads a tampered record as absent', () => {
    const text = cryptoCodec.encode(record);

    expect(cryptoCodec.decode(flipByte(text, 0))).toBeUndefined(); // nonce
    expect(cryptoCodec.decode(flipByte(text, 20))).toBeUndefined(); // ciphertext
    expect(cryptoCodec.decode(flipByte(text, atob(text).length - 1))).toBeUndefined(); // tag
    expect(cryptoCodec.decode(text.slice(0, -8))).toBeUndefined();
  });

  it('reads plain JSON, junk and another key’s records as absent', () => {
    const other = createCryptoCodec(hexToBytes('00'.repeat(32)));

    expect(cryptoCodec.decode(JSON.stringify(record))).toBeUndefined();
    expect(cryptoCodec.decode('')).toBeUndefined();
    expect(cryptoCodec.decode('%%%')).toBeUndefined();
    expect(cryptoCodec.decode(other.encode(record))).toBeUndefined();
  });
});
