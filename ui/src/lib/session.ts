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
 * This browser created the account and has not finished the setup wizard yet (kept across closing the browser, so
 * the wizard continues where it stopped; the daemon's own record, when it has one, wins).
 */
export const setupPendingHere = (): boolean => localStorage.getItem(setupKey) === '1';
export const rememberSetupPending = (pending: boolean): void =>
  pending ? localStorage.setItem(setupKey, '1') : localStorage.removeItem(setupKey);
