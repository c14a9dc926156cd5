/** SPEC §7: one fetch helper (credentials included, JSON, Bearer when signed in) and the default query function. */
import type { QueryFunction } from '@tanstack/react-query';
import { ApiError, apiErrorFromResponse, networkError } from './errors';

let tokenGetter: () => string | null = () => null;

/** The session module tells the client where the token lives. */
export function setTokenGetter(fn: () => string | null) {
  tokenGetter = fn;
}

export function authHeader(): Record<string, string> {
  const token = tokenGetter();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the Bearer token (default true when one exists). */
  auth?: boolean;
}

export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...(options.auth === false ? {} : authHeader()), ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let res: Response;
  try {
    res = await fetch(path, {
      method: options.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      credentials: 'include',
    });
  } catch (e) {
    throw networkError(e);
  }
  if (!res.ok) throw apiErrorFromResponse(res.status, res.statusText, await res.text().catch(() => ''));
  return res;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await apiFetch(path, options);
  const text = await res.text();
  return (text ? JSON.parse(text) : {}) as T;
}

/** SPEC §7 default: the path is the query key joined by '/'; a 401 returns null when asked, else throws. */
export function getQueryFn<T>(on401: 'returnNull' | 'throw'): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    try {
      return await apiRequest<T>(queryKey.join('/'));
    } catch (e) {
      if (on401 === 'returnNull' && e instanceof ApiError && e.status === 401) return null;
      throw e;
    }
  };
}
