/** SPEC §7: one fetch helper (credentials included, JSON, Bearer when signed in) and the default query function. */
import { type RouteBody, type RouteParams, type RouteResponse, type RouteSpec, routePath } from '@statemint/shared';
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
  signal?: AbortSignal;
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
      ...(options.signal ? { signal: options.signal } : {}),
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

/** What a call of a route table entry sends: its path parameters, query, JSON body and extra headers. */
export interface CallInput<R extends RouteSpec> {
  params?: RouteParams<R>;
  query?: Partial<Record<string, string | number | boolean | undefined>>;
  body?: RouteBody<R> | FormData;
  headers?: Record<string, string>;
  /** Send the Bearer token (default true when one exists). */
  auth?: boolean;
}

/** The URL of a route table entry with its parameters and query filled in. */
export function routeUrl<R extends RouteSpec>(spec: R, input: Pick<CallInput<R>, 'params' | 'query'> = {}): string {
  const path = routePath(spec, input.params as Record<string, string> | undefined);
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(input.query ?? {})) if (v !== undefined) query.set(k, String(v));
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * Calls an entry of the shared route table (ROUTES) and answers its typed success body:
 *   const { token } = await callApi(ROUTES.login, { body: { email, password } });
 */
export async function callApi<R extends RouteSpec>(
  spec: R,
  input: CallInput<NoInfer<R>> = {},
): Promise<RouteResponse<R>> {
  return apiRequest<RouteResponse<R>>(routeUrl(spec, input), {
    method: spec.method,
    ...(input.body !== undefined ? { body: input.body } : {}),
    ...(input.headers ? { headers: input.headers } : {}),
    ...(input.auth !== undefined ? { auth: input.auth } : {}),
  });
}
