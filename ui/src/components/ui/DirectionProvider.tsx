import { Direction } from 'radix-ui';
import type { ReactNode } from 'react';

/** Tells the Radix primitives the text direction (spec §1: right-to-left for he, ar, fa, ku). */
export function DirectionProvider({ dir, children }: { dir: 'ltr' | 'rtl'; children: ReactNode }) {
  return <Direction.Provider dir={dir}>{children}</Direction.Provider>;
}
