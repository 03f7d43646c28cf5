import { useSyncExternalStore } from 'react';

/** How the code editor looks and behaves; kept in this browser (script/setting). */
export interface EditorSettings {
  fontSize: number;
  tabSize: number;
  /** Long lines: 'auto' wraps them at phone width (where scrolling sideways hides most of a line) only. */
  wordWrap: WordWrap;
}

export type WordWrap = 'auto' | 'wrap' | 'scroll';
export const wordWraps: readonly WordWrap[] = ['auto', 'wrap', 'scroll'];

export const defaultEditorSettings: EditorSettings = { fontSize: 13, tabSize: 2, wordWrap: 'auto' };

/** A stored choice: the words, or the yes/no of earlier versions. */
function wordWrapOf(saved: unknown): WordWrap {
  if (saved === true) return 'wrap';
  if (saved === false) return 'scroll';
  return wordWraps.includes(saved as WordWrap) ? (saved as WordWrap) : defaultEditorSettings.wordWrap;
}
export const fontSizes = [12, 13, 14, 15, 16, 18, 20] as const;
export const tabSizes = [2, 4, 8] as const;

const storageKey = 'baihu_editor';
const listeners = new Set<() => void>();
let current = read();

function read(): EditorSettings {
  try {
    const saved = JSON.parse(localStorage.getItem(storageKey) ?? '{}') as Partial<
      Record<keyof EditorSettings, unknown>
    >;
    return {
      fontSize: fontSizes.includes(saved.fontSize as 13) ? (saved.fontSize as number) : defaultEditorSettings.fontSize,
      tabSize: tabSizes.includes(saved.tabSize as 2) ? (saved.tabSize as number) : defaultEditorSettings.tabSize,
      wordWrap: wordWrapOf(saved.wordWrap),
    };
  } catch {
    return defaultEditorSettings;
  }
}

export function saveEditorSettings(next: EditorSettings): void {
  current = next;
  localStorage.setItem(storageKey, JSON.stringify(next));
  for (const listener of listeners) listener();
}

/** The settings, re-rendering when they change (here or in another tab). */
export function useEditorSettings(): EditorSettings {
  return useSyncExternalStore(
    (listener) => {
      const onStorage = (event: StorageEvent) => {
        if (event.key !== storageKey) return;
        current = read();
        listener();
      };
      listeners.add(listener);
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
    () => current,
  );
}
