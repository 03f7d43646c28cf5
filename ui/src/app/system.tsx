import type { SystemInfo } from '@contract/system.ts';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { api } from '../lib/api.ts';

interface SystemState {
  info: SystemInfo | null;
  failed: boolean;
  /** Called once setup finishes, so /initialization stops being the only reachable page. */
  markInitialized: () => void;
  reload: () => void;
}

const SystemContext = createContext<SystemState | null>(null);

/** Asks the daemon (public `GET api/system`) whether setup has been done, once per page load. */
export function SystemProvider({ children }: { children: ReactNode }) {
  const [info, setInfo] = useState<SystemInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    api.get<SystemInfo>('system').then(setInfo, () => setFailed(true));
  }, []);
  useEffect(load, [load]);
  const markInitialized = useCallback(() => setInfo((i) => (i ? { ...i, isInitialized: true } : i)), []);
  return <SystemContext value={{ info, failed, markInitialized, reload: load }}>{children}</SystemContext>;
}

export function useSystem(): SystemState {
  const state = useContext(SystemContext);
  if (!state) throw new Error('useSystem outside SystemProvider');
  return state;
}
