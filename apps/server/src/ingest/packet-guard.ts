/**
 * Socket-level MQTT packet size limit for the embedded broker (aedes 1.x has no such option and its
 * parser would buffer a packet of any size). Reads only the fixed headers of the byte stream: each packet
 * is one type byte, a 1–4 byte "remaining length" varint, then that many bytes, so the size of a packet is
 * known from its first 5 bytes, before its body arrives (docs/device-protocol.md §4).
 */

/**
 * Returns a function to feed every chunk of one connection, in order. It returns false (and calls
 * `onOversize` once with the packet's total size in bytes) as soon as a packet larger than `maxBytes` or a
 * malformed length is seen; the caller then closes the connection.
 */
export function createPacketSizeGuard(maxBytes: number, onOversize: (bytes: number) => void) {
  let skip = 0; // bytes of the current packet's body still to come
  let inHeader = false; // the type byte was read; the length varint is being read
  let length = 0;
  let multiplier = 1;
  let lengthBytes = 0;
  let tripped = false;

  return (chunk: Buffer): boolean => {
    if (tripped) return false;
    let i = 0;
    while (i < chunk.length) {
      if (skip > 0) {
        const n = Math.min(skip, chunk.length - i);
        skip -= n;
        i += n;
        continue;
      }
      if (!inHeader) {
        inHeader = true;
        length = 0;
        multiplier = 1;
        lengthBytes = 0;
        i++;
        continue;
      }
      const b = chunk[i++]!;
      length += (b & 0x7f) * multiplier;
      multiplier *= 128;
      lengthBytes++;
      if (b & 0x80) {
        if (lengthBytes < 4) continue;
        tripped = true; // a fifth length byte is a protocol violation
        onOversize(Number.POSITIVE_INFINITY);
        return false;
      }
      const total = 1 + lengthBytes + length;
      if (total > maxBytes) {
        tripped = true;
        onOversize(total);
        return false;
      }
      skip = length;
      inHeader = false;
    }
    return true;
  };
}
