/** What the notification forms need from an API client: `api` itself, or the setup wizard's token-bound one. */
export interface NotifyClient {
  get: <T>(path: string) => Promise<T>;
  put: <T>(path: string, body?: unknown) => Promise<T>;
}
