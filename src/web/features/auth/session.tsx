import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Profile, User } from '../../../shared/auth';
import { LOGOUT_DELAY_MS, STORAGE_KEYS } from '../../../shared/constants';
import { setSessionEndedHandler } from '../../lib/api-client';
import { clearStoredAppearance } from '../../lib/appearance-storage';
import { rememberReturnPath, removeStorage, welcomeShownKey } from '../../lib/storage';
import { roleHint, tokenStore } from '../../lib/token-store';
import { logoutSession, meQueryOptions } from './api';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export type Session = {
  status: SessionStatus;
  token: string | null;
  user: User | null;
  profile: Profile | null;
  isLoggingOut: boolean;
  /** Stores the token and loads the user behind it. */
  signIn: (token: string) => Promise<void>;
  /** serverCall false when the server already ended the session (sign out everywhere). */
  logout: (options?: { serverCall?: boolean }) => Promise<void>;
};

const SessionContext = createContext<Session | null>(null);

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const token = useSyncExternalStore(tokenStore.subscribe, tokenStore.get, () => null);
  const me = useQuery({ ...meQueryOptions, enabled: token !== null });
  const { pathname } = useLocation();
  // 'leaving' lasts until /login is on screen, so no guard mistakes the sign-out for a visitor to remember.
  const [logoutPhase, setLogoutPhase] = useState<'idle' | 'running' | 'leaving'>('idle');
  const isLoggingOut = logoutPhase !== 'idle';
  const loggingOut = useRef(false);

  useEffect(() => {
    if (logoutPhase === 'leaving' && pathname === '/login') setLogoutPhase('idle');
  }, [logoutPhase, pathname]);

  // Specification section 4: a failed /api/auth/me call clears the token.
  useEffect(() => {
    if (token && me.isError) tokenStore.clear();
  }, [token, me.isError]);

  const acceptedRole = me.data?.user.role;
  useEffect(() => {
    if (token && acceptedRole) roleHint.set(acceptedRole);
  }, [token, acceptedRole]);

  useEffect(() => {
    setSessionEndedHandler(() => {
      if (loggingOut.current) return;
      rememberReturnPath();
      queryClient.removeQueries();
      void navigate('/login', { replace: true });
    });
    return () => setSessionEndedHandler(null);
  }, [queryClient, navigate]);

  const signIn = useCallback(
    async (newToken: string) => {
      queryClient.removeQueries();
      tokenStore.set(newToken);
      await queryClient.fetchQuery(meQueryOptions);
    },
    [queryClient],
  );

  const logout = useCallback(
    async ({ serverCall = true }: { serverCall?: boolean } = {}) => {
      if (loggingOut.current) return;
      loggingOut.current = true;
      setLogoutPhase('running');
      const userId = queryClient.getQueryData(meQueryOptions.queryKey)?.user.id;
      if (serverCall) await logoutSession().catch(() => undefined);
      tokenStore.clear();
      clearStoredAppearance();
      await wait(LOGOUT_DELAY_MS);
      queryClient.removeQueries();
      if (userId) removeStorage(welcomeShownKey(userId));
      // Signing out on purpose forgets any page remembered while the session was ending.
      removeStorage(STORAGE_KEYS.redirectAfterLogin);
      setLogoutPhase('leaving');
      loggingOut.current = false;
      await navigate('/login', { replace: true });
    },
    [queryClient, navigate],
  );

  const user = me.data?.user ?? null;
  const hasSession = token !== null || isLoggingOut;
  let status: SessionStatus = 'signed-out';
  if (hasSession && user) status = 'signed-in';
  else if (token && !me.isError) status = 'loading';

  const value = useMemo<Session>(
    () => ({
      status,
      token,
      user: status === 'signed-in' ? user : null,
      profile: status === 'signed-in' ? (me.data?.profile ?? null) : null,
      isLoggingOut,
      signIn,
      logout,
    }),
    [status, token, user, me.data, isLoggingOut, signIn, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}

/** The signed-in user; only for screens behind the signed-in guard. */
export function useUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useUser needs a signed-in user');
  return user;
}
