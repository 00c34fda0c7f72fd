/**
 * Who the client is, without an account: a random id made once on the device, and the name they typed
 * once, both in the device's local storage. Private browsing or blocked storage gets a fresh id per
 * page load, which only splits the client's views in two.
 */
import { SHARE_STORAGE_KEYS, VISITOR_ID_PATTERN } from '@trackit/contract/share';

/** 128 random bits as 22 characters of base64url. */
export function randomShareToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, full): the value lives for this page only.
  }
}

let pageVisitorId: string | undefined;

/** This device's visitor id, made on first use. */
export function visitorId(): string {
  const stored = read(SHARE_STORAGE_KEYS.visitorId);
  if (stored && VISITOR_ID_PATTERN.test(stored)) return stored;
  pageVisitorId ??= randomShareToken();
  write(SHARE_STORAGE_KEYS.visitorId, pageVisitorId);
  return pageVisitorId;
}

/** The name the client gave for their picks, or '' before they give one. */
export function visitorName(): string {
  return read(SHARE_STORAGE_KEYS.visitorName) ?? '';
}

export function rememberVisitorName(name: string): void {
  write(SHARE_STORAGE_KEYS.visitorName, name.trim());
}
