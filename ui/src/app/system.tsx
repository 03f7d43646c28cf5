import type { SystemInfo } from '@contract/system.ts';
import type { SetupPlace } from '../lib/session.ts';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { api } from '../lib/api.ts';
import { setPanelZone } from '../lib/format.ts';
import { rememberSetupPlace, setupPlaceHere } from '../lib/session.ts';

interface SystemState {
  info: SystemInfo | null;
  failed: boolean;
  /** The account exists but the setup wizard is not finished: /initialization shows its remaining (optional) steps. */
  setupPending: boolean;
  /** The wizard created the account (setup goes on at `step`). */
  accountCreated: (place: SetupPlace) => void;
  /** The wizard finished. */
  setupDone: () => void;
  reload: () => void;
}

const SystemContext = createContext<SystemState | null>(null);

/**
 * Asks the daemon (public `GET api/system`) whether setup has been done, once per page load. Whether the wizard is
 * still pending comes from the daemon when it says (`setupPending`), else from what this browser remembers.
 */
export function SystemProvider({ children }: { children: ReactNode }) {
  const [info, setInfo] = useState<SystemInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const [pendingHere, setPendingHere] = useState(() => setupPlaceHere() !== null);
  const load = useCallback(() => {
    setFailed(false);
    api.get<SystemInfo>('system').then(
      (next) => {
        // Before anything is drawn: every time on screen is in the panel's zone.
        setPanelZone(next.timezone);
        setInfo(next);
      },
      () => setFailed(true),
    );
  }, []);
  useEffect(load, [load]);
  const accountCreated = useCallback((place: SetupPlace) => {
    rememberSetupPlace(place);
    setPendingHere(true);
    setInfo((i) => (i ? { ...i, isInitialized: true, setupPending: true } : i));
  }, []);
  const setupDone = useCallback(() => {
    rememberSetupPlace(null);
    setPendingHere(false);
    setInfo((i) => (i ? { ...i, setupPending: false } : i));
  }, []);
  const setupPending = !!info?.isInitialized && (info.setupPending ?? pendingHere);
  return (
    <SystemContext value={{ info, failed, setupPending, accountCreated, setupDone, reload: load }}>
      {children}
    </SystemContext>
  );
}

export function useSystem(): SystemState {
  const state = useContext(SystemContext);
  if (!state) throw new Error('useSystem outside SystemProvider');
  return state;
}
