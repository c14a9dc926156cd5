/**
 * Envelope encryption for stored objects: each object gets a random 256-bit data key,
 * the data is sealed with AES-256-GCM, and the data key is wrapped with the master key
 * by AES-256 key wrap (RFC 3394). The wrapped key travels in the object's header, so an
 * object and its key are written (and removed) together.
 *
 * Layout: "SMF1" | wrapped key (40) | iv (12) | ciphertext | tag (16).
 * The object's storage key is authenticated as additional data, so an object moved to
 * another key (say, another user's file) fails to open.
 */
import { type CipherGCM, createCipheriv, createDecipheriv, type DecipherGCM, randomBytes } from 'node:crypto';

const MAGIC = Buffer.from('SMF1', 'latin1');
const KW_IV = Buffer.from('A6A6A6A6A6A6A6A6', 'hex');
const WRAPPED_LEN = 40;
const IV_LEN = 12;
const TAG_LEN = 16;
const HEADER_LEN = MAGIC.length + WRAPPED_LEN + IV_LEN;
/** Bytes ciphered per call: the output is written into one buffer a slice at a time. */
const SLICE = 1024 * 1024;

/**
 * Runs `cipher` over `input` into `out` from `offset`, a slice at a time, and returns the end:
 * a 10 MB upload costs one 10 MB copy, not the three of update, concat and concat (issue 29: the
 * admitted flood's memory).
 */
function cipherInto(cipher: CipherGCM | DecipherGCM, input: Uint8Array, out: Buffer, offset: number): number {
  let at = offset;
  for (let i = 0; i < input.length; i += SLICE) at += cipher.update(input.subarray(i, i + SLICE)).copy(out, at);
  return at + cipher.final().copy(out, at);
}

export class EnvelopeError extends Error {}

function assertMasterKey(masterKey: Buffer): void {
  if (masterKey.length !== 32) throw new Error('the file-encryption master key must be 32 bytes');
}

export function seal(masterKey: Buffer, key: string, plaintext: Uint8Array): Buffer {
  assertMasterKey(masterKey);
  const dataKey = randomBytes(32);
  const wrap = createCipheriv('id-aes256-wrap', masterKey, KW_IV);
  const wrapped = Buffer.concat([wrap.update(dataKey), wrap.final()]);
  const iv = randomBytes(IV_LEN);
  const header = Buffer.concat([MAGIC, wrapped, iv]);
  const cipher = createCipheriv('aes-256-gcm', dataKey, iv);
  cipher.setAAD(Buffer.concat([header, Buffer.from(key, 'utf8')]));
  const sealed = Buffer.allocUnsafe(HEADER_LEN + plaintext.length + TAG_LEN);
  header.copy(sealed, 0);
  const end = cipherInto(cipher, plaintext, sealed, HEADER_LEN);
  dataKey.fill(0);
  cipher.getAuthTag().copy(sealed, end);
  return sealed;
}

export function open(masterKey: Buffer, key: string, sealed: Buffer): Buffer {
  assertMasterKey(masterKey);
  if (sealed.length < HEADER_LEN + TAG_LEN || !sealed.subarray(0, MAGIC.length).equals(MAGIC))
    throw new EnvelopeError('not a sealed object');
  const wrapped = sealed.subarray(MAGIC.length, MAGIC.length + WRAPPED_LEN);
  const iv = sealed.subarray(MAGIC.length + WRAPPED_LEN, HEADER_LEN);
  let dataKey: Buffer;
  try {
    const unwrap = createDecipheriv('id-aes256-wrap', masterKey, KW_IV);
    dataKey = Buffer.concat([unwrap.update(wrapped), unwrap.final()]);
  } catch (e) {
    // Key wrap has its own integrity check: a wrong master key fails here.
    throw new EnvelopeError('the data key could not be unwrapped', { cause: e });
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', dataKey, iv);
    decipher.setAAD(Buffer.concat([sealed.subarray(0, HEADER_LEN), Buffer.from(key, 'utf8')]));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_LEN));
    const body = sealed.subarray(HEADER_LEN, sealed.length - TAG_LEN);
    const plaintext = Buffer.allocUnsafe(body.length);
    cipherInto(decipher, body, plaintext, 0);
    return plaintext;
  } catch (e) {
    throw new EnvelopeError('the object failed authentication', { cause: e });
  } finally {
    dataKey.fill(0);
  }
}
