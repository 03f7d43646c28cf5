/**
 * Hides what a URL may carry as a secret before it is written to a run log or the daemon's log: the user-info part
 * (`https://user:token@host`) and the values of the query string (`?token=…`, `?access_key=…`). Parameter names stay,
 * so the log still says what was sent.
 */
const url = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@]+@)?([^\s?#'"<>]*)(\?[^\s#'"<>]*)?/gi;

const hidden = '***';

function maskQuery(query: string): string {
  const pairs = query
    .slice(1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair === '' ? '' : hidden;
      return eq === pair.length - 1 ? pair : `${pair.slice(0, eq)}=${hidden}`;
    });
  return `?${pairs.join('&')}`;
}

/** Every URL in `text` with its user-info and query values replaced by `***`. */
export function redactUrls(text: string): string {
  return text.replace(
    url,
    (_whole, scheme: string, userInfo: string | undefined, rest: string, query: string | undefined) =>
      `${scheme}${userInfo ? `${hidden}@` : ''}${rest}${query ? maskQuery(query) : ''}`,
  );
}
