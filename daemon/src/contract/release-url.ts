/**
 * Where releases may come from: the feed and every tarball the updater downloads run as the daemon's user (root in
 * the image), so a release URL is `https:`. Plain `http:` is left only to a literal loopback address (127.0.0.0/8,
 * [::1]), which no one on the network path can answer for: a feed served on this machine, as the tests' are. Not the
 * name `localhost` (a resolver decides what it is), not a private range (the LAN is a path too).
 */

/** WHATWG URL writes every IPv4 spelling (`127.1`, `0x7f.1`, `2130706433`) as a dotted quad, and IPv6 compressed. */
const loopbackHost = (hostname: string) => /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) || hostname === '[::1]';

/** Whether `text` may be a release feed or download URL (absolute: a feed's relative links are resolved first). */
export function isReleaseUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHost(url.hostname));
}

/** What a refused release URL is told, in every place one enters (settings, BAIHU_RELEASE_FEED, a feed's links). */
export const releaseUrlRule = 'an https URL (plain http only to a loopback address such as 127.0.0.1)';
