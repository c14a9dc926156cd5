/**
 * The capabilities of this browser's anonymous uploads (issue 29, N15): the server gives one with
 * each free-trial or pay-per-file upload, and saving review edits of that file needs it back.
 * Kept in localStorage, so a reload or another tab of this browser still holds them; a file lives
 * an hour, so only the latest few are kept.
 */
import { FILE_CAPABILITY_HEADER } from '@statemint/shared';

const KEY = 'statemint.fileCapabilities';
const KEEP = 50;

function read(): Array<[string, string]> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as Array<[string, string]>) : [];
  } catch {
    return [];
  }
}

export function rememberCapability(fileId: string, capability: string): void {
  const kept = read().filter(([id]) => id !== fileId);
  kept.push([fileId, capability]);
  try {
    localStorage.setItem(KEY, JSON.stringify(kept.slice(-KEEP)));
  } catch {
    // Storage full or off: edits of this file will be refused, nothing else breaks.
  }
}

/** The header that proves this browser uploaded `fileId`, or none. */
export function capabilityHeaders(fileId: string): Record<string, string> {
  const found = read().find(([id]) => id === fileId);
  return found ? { [FILE_CAPABILITY_HEADER]: found[1] } : {};
}
