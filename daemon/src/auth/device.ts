import { isIP } from 'node:net';
import { Platform } from '../contract/enums.ts';

const mobilePattern = /Mobile|Android|iPhone|iPad|iPod|HarmonyOS|Windows Phone/i;

export function platformOf(userAgent: string | undefined): Platform {
  return mobilePattern.test(userAgent ?? '') ? Platform.mobile : Platform.desktop;
}

const browsers: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/MicroMessenger/i, 'WeChat'],
  [/Firefox\//, 'Firefox'],
  [/(Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//i, 'curl'],
  [/python/i, 'Python'],
  [/node|undici/i, 'Node.js'],
];
const systems: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/HarmonyOS/, 'HarmonyOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A short human description such as "Chrome on Android"; the raw user agent is not kept. */
export function deviceOf(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = browsers.find(([re]) => re.test(ua))?.[1];
  const system = systems.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? (ua.slice(0, 60) || 'Unknown');
}

/**
 * Where an address is. There is no geo database in the image (it would cost megabytes and go stale), so the log
 * records whether the address is local; the IP itself is always kept.
 */
export function addressOf(ip: string): string {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) {
    const [a, b] = v4.split('.').map(Number) as [number, number];
    if (a === 127) return 'loopback';
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)) {
      return 'LAN';
    }
    return '';
  }
  if (v4 === '::1') return 'loopback';
  if (/^f[cd]/i.test(v4) || /^fe80/i.test(v4)) return 'LAN';
  return '';
}
