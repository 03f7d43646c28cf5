import type { UserInfo } from '@contract/user.ts';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { api } from '../../lib/api.ts';

interface CurrentUser {
  user: UserInfo | null;
  refresh: () => Promise<void>;
}

const CurrentUserContext = createContext<CurrentUser>({ user: null, refresh: async () => {} });

/** The signed-in account (`GET api/user`), shared by the header and the security page so both stay in step. */
export function CurrentUserProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<UserInfo | null>(null);
  const refresh = useCallback(async () => {
    setUser(await api.get<UserInfo>('user'));
  }, []);
  useEffect(() => {
    // A failure here is a 401 (handled by the API client) or a network blip the next action will surface.
    refresh().catch(() => {});
  }, [refresh]);
  return <CurrentUserContext value={{ user, refresh }}>{children}</CurrentUserContext>;
}

export const useCurrentUser = (): CurrentUser => useContext(CurrentUserContext);
