/**
 * The encrypted codec of local records (docs/product.md §9: "encryption on", key embedded in the client).
 *
 * This is obfuscation against casual reading (someone glancing at devtools or a synced profile), not a
 * security boundary: the key ships in every copy of the app, so anyone with the bundle can decrypt.
 * Nothing whose disclosure matters may rely on it.
 *
 * Stored text: base64 of nonce (12 bytes) ‖ AES-256-GCM ciphertext and tag, a fresh random nonce per
 * write. GCM's tag makes an edited or foreign record fail to decrypt, and such a record reads as absent.
 */
import { gcm } from '@noble/ciphers/aes.js';
import { bytesToUtf8, hexToBytes, randomBytes, utf8ToBytes } from '@noble/ciphers/utils.js';
import { jsonCodec, type StoreCodec } from './storage';

const NONCE_BYTES = 12;

/** The embedded AES-256 key (see the file comment: it hides, it does not protect). */
const EMBEDDED_KEY = hexToBytes('e05d395378b9422342170be82a7246dd402d74877616116cd8e55b881ae140b2');

// btoa/atob work on "binary strings"; built in chunks so a long record does not overflow the call stack.
const toBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
};

const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/**
 * A codec that encrypts what `inner` (JSON by default) writes. `key` is 16, 24 or 32 bytes; tests pass
 * their own, the app uses the embedded one.
 */
export const createCryptoCodec = (
  key: Uint8Array = EMBEDDED_KEY,
  inner: StoreCodec = jsonCodec,
): StoreCodec => ({
  encode: (record) => {
    const nonce = randomBytes(NONCE_BYTES);
    const sealed = gcm(key, nonce).encrypt(utf8ToBytes(inner.encode(record)));
    const out = new Uint8Array(NONCE_BYTES + sealed.length);
    out.set(nonce);
    out.set(sealed, NONCE_BYTES);
    return toBase64(out);
  },
  decode: (text) => {
    try {
      const bytes = fromBase64(text);
      // Shorter than a nonce plus the 16-byte tag: not ours.
      if (bytes.length < NONCE_BYTES + 16) return undefined;
      const plain = gcm(key, bytes.subarray(0, NONCE_BYTES)).decrypt(bytes.subarray(NONCE_BYTES));
      return inner.decode(bytesToUtf8(plain));
    } catch {
      // Bad base64, wrong key or a tampered record (tag mismatch): treated as absent.
      return undefined;
    }
  },
});

/** The codec of the app's encrypted records. */
export const cryptoCodec: StoreCodec = createCryptoCodec();
