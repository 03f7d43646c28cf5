/** The sign-in token and where to return after signing in. Kept in storage so a reload keeps the session. */
const tokenKey = 'baihu_token';
const returnKey = 'baihu_return_to';
const noticeKey = 'baihu_login_notice';
const setupKey = 'baihu_setup_pending';

export const getToken = (): string | null => localStorage.getItem(tokenKey);
export const setToken = (token: string): void => localStorage.setItem(tokenKey, token);
export const clearToken = (): void => localStorage.removeItem(tokenKey);

export function rememberReturnTo(path: string): void {
  if (path !== '/login' && path !== '/initialization') sessionStorage.setItem(returnKey, path);
}

/** The page the user was on before being sent to sign in; used once. */
export function takeReturnTo(): string {
  const path = sessionStorage.getItem(returnKey);
  sessionStorage.removeItem(returnKey);
  return path && path.startsWith('/') && !path.startsWith('//') ? path : '/dashboard';
}

/** A message for the login page to show (e.g. the server's "session expired"), surviving the redirect. */
export function setLoginNotice(message: string): void {
  sessionStorage.setItem(noticeKey, message);
}

export function takeLoginNotice(): string | null {
  const message = sessionStorage.getItem(noticeKey);
  sessionStorage.removeItem(noticeKey);
  return message;
}

/**
 * Where this browser is in the setup wizard after the account step: the step shown and whether the Qinglong step is
 * one of them (kept across a reload and closing the browser, so the wizard continues where it stopped). Null: this
 * browser made no account, or finished (the daemon's own record of an unfinished wizard, when it has one, wins).
 */
export interface SetupPlace {
  step: string;
  moving: boolean;
}

export function setupPlaceHere(): SetupPlace | null {
  try {
    const place = JSON.parse(localStorage.getItem(setupKey) ?? 'null') as Partial<SetupPlace> | null;
    return place && typeof place.step === 'string' ? { step: place.step, moving: place.moving === true } : null;
  } catch {
    return null;
  }
}

export const rememberSetupPlace = (place: SetupPlace | null): void =>
  place ? localStorage.setItem(setupKey, JSON.stringify(place)) : localStorage.removeItem(setupKey);
