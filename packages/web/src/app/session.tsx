/** SPEC §4 session: token and user in local storage, expiry read from the token, re-checked with the server. */

import type { ApiUser } from '@statemint/shared';
import { ROUTES } from '@statemint/shared';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { apiFetch, callApi, setTokenGetter } from '../api/client';
import { isTokenUsable } from '../lib/jwt';
import { navigate } from './router';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

interface StoredSession {
  token: string | null;
  user: ApiUser | null;
}

function readStored(): StoredSession {
  const token = localStorage.getItem(TOKEN_KEY);
  let user: ApiUser | null = null;
  try {
    const raw = localStorage.getItem(USER_KEY);
    user = raw ? (JSON.parse(raw) as ApiUser) : null;
  } catch {
    user = null;
  }
  if (!isTokenUsable(token)) {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    return { token: null, user: null };
  }
  return { token, user };
}

function store(token: string | null, user: ApiUser | null) {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
  if (user) localStorage.setItem(USER_KEY, JSON.stringify(user));
  else localStorage.removeItem(USER_KEY);
}

/** GET /api/auth/user answers the user, possibly wrapped as { user }. */
export function unwrapUser(body: unknown): ApiUser | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as { user?: ApiUser; email?: string };
  if (b.user && typeof b.user === 'object') return b.user;
  return typeof b.email === 'string' ? (body as ApiUser) : null;
}

interface SessionValue {
  token: string | null;
  user: ApiUser | null;
  /** Store a new session (login, registration with token, payment confirmation). */
  signIn: (token: string, user: ApiUser) => void;
  setUser: (user: ApiUser) => void;
  /** Fetch the user again from the server (after payments, verification). */
  refreshUser: () => Promise<ApiUser | null>;
  logout: (options?: { redirect?: boolean }) => void;
}

const SessionContext = createContext<SessionValue | null>(null);

let currentToken: string | null = null;
setTokenGetter(() => currentToken);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<StoredSession>(() => {
    const s = readStored();
    currentToken = s.token;
    return s;
  });

  const apply = useCallback((token: string | null, user: ApiUser | null) => {
    currentToken = token;
    store(token, user);
    setSession({ token, user });
  }, []);

  const refreshUser = useCallback(async () => {
    const token = currentToken;
    if (!token) return null;
    try {
      const user = unwrapUser(await callApi(ROUTES.user));
      if (user && currentToken === token) apply(token, user);
      return user;
    } catch {
      // SPEC §4: on failure or network error the stored copy is kept.
      return null;
    }
  }, [apply]);

  // Re-check a restored session once with the server (refreshUser is stable).
  useEffect(() => {
    if (currentToken) void refreshUser();
  }, [refreshUser]);

  const value = useMemo<SessionValue>(
    () => ({
      ...session,
      signIn: (token, user) => {
        apply(token, user);
        void queryClient.invalidateQueries();
      },
      setUser: (user) => apply(currentToken, user),
      refreshUser,
      logout: (options) => {
        // The server revokes the token too, so a copy of it stops working; the browser forgets it either way.
        if (currentToken)
          void apiFetch('/api/auth/logout', {
            method: 'POST',
            auth: false,
            headers: { Authorization: `Bearer ${currentToken}` },
          }).catch(() => undefined);
        apply(null, null);
        queryClient.clear();
        if (options?.redirect !== false) navigate('/');
      },
    }),
    [session, apply, queryClient, refreshUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const v = useContext(SessionContext);
  if (!v) throw new Error('useSession outside SessionProvider');
  return v;
}
