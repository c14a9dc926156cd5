/**
 * DECISIONS.md: the browser computes a device fingerprint and sends it as X-Device-Fingerprint.
 * A hash of stable device traits (not a stored id, so clearing storage does not reset the free trial).
 */
export function fnv1a(text: string, seed = 0x811c9dc5): string {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

let cached: string | null = null;

export function deviceFingerprint(): string {
  if (cached) return cached;
  const traits = [
    navigator.userAgent,
    navigator.language,
    (navigator.languages ?? []).join(','),
    String(navigator.hardwareConcurrency ?? ''),
    `${screen.width}x${screen.height}x${screen.colorDepth}`,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    navigator.platform ?? '',
  ].join('|');
  // Two seeds give 64 bits, enough to tell devices apart for a rate limit.
  cached = `${fnv1a(traits)}${fnv1a(traits, 0x01000193)}`;
  return cached;
}

export const FINGERPRINT_HEADER = 'X-Device-Fingerprint';
