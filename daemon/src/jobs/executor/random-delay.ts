/** Qinglong's random delay before a scheduled run (otask.sh random_delay), as a pure rule. */
import type { ConfigValues } from './config-sh.ts';

export const randomDelaySettings = ['RandomDelay', 'RandomDelayFileExtensions', 'RandomDelayIgnoredMinutes'] as const;

export interface RandomDelayInput {
  /** A scheduled `task <script>` with nothing else (no `now`, conc, desi or script arguments), not a panel run. */
  eligible: boolean;
  script: string;
  settings: ConfigValues;
  /** The current minute of the hour (0-59), local time. */
  minute: number;
  /** 0 <= random() < 1. */
  random?: () => number;
}

/**
 * Seconds to wait, 1..RandomDelay, or 0. Only when RandomDelay is a positive number, the script's extension is in
 * RandomDelayFileExtensions (unset = "js"; "" = every file) and the minute is not in RandomDelayIgnoredMinutes
 * (unset = "0 30").
 */
export function randomDelaySeconds(input: RandomDelayInput): number {
  if (!input.eligible) return 0;
  const max = /^\s*\d+\s*$/.test(input.settings.RandomDelay ?? '') ? Number(input.settings.RandomDelay) : 0;
  if (max <= 0) return 0;
  const extensions = words(input.settings.RandomDelayFileExtensions ?? 'js');
  if (extensions.length > 0 && !extensions.some((ext) => input.script.endsWith(`.${ext}`))) return 0;
  const ignored = words(input.settings.RandomDelayIgnoredMinutes ?? '0 30');
  if (ignored.some((minute) => /^\d+$/.test(minute) && Number(minute) === input.minute)) return 0;
  return Math.floor((input.random ?? Math.random)() * max) + 1;
}

function words(text: string): string[] {
  return text.split(/\s+/).filter((word) => word !== '');
}
