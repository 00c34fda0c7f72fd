/** The same bytes in Node and in the browser (xorshift32), so both checksums can be compared. */
export function fillPseudoRandom(bytes: Uint8Array, seed = 0x2545f491): void {
  let state = seed >>> 0;
  for (let i = 0; i < bytes.length; i += 1) {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    bytes[i] = state & 0xff;
  }
}
