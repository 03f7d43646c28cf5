/**
 * What every CodeMirror editor of the app shares: the language of a file name, a theme drawn from the design tokens
 * (so it follows light and dark by itself) and the highlight style of the current theme. Imported only by lazily
 * loaded pages, so CodeMirror never reaches the login page's bundle.
 */
import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
import { defaultHighlightStyle, HighlightStyle, StreamLanguage, syntaxHighlighting } from '@codemirror/language';
import { shell } from '@codemirror/legacy-modes/mode/shell';
import { Compartment, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { oneDarkHighlightStyle } from '@codemirror/theme-one-dark';

/** The syntax for a file name: python, javascript, typescript or shell (anything else is plain text). */
export function languageOf(name: string): Extension {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (ext === 'py') return python();
  if (['js', 'mjs', 'cjs', 'json'].includes(ext)) return javascript();
  if (['ts', 'mts', 'cts'].includes(ext)) return javascript({ typescript: true });
  if (['sh', 'bash', 'zsh'].includes(ext) || name.endsWith('config.sh')) return StreamLanguage.define(shell);
  return [];
}

export const tokenTheme = EditorView.theme({
  '&': {
    height: '100%',
    backgroundColor: 'var(--color-surface)',
    color: 'var(--color-fg)',
  },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.55' },
  '.cm-content': { caretColor: 'var(--color-primary)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--color-primary)' },
  '.cm-gutters': {
    backgroundColor: 'var(--color-subtle)',
    color: 'var(--color-faint)',
    borderRight: '1px solid var(--color-line)',
  },
  '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--color-primary) 6%, transparent)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--color-hover)', color: 'var(--color-fg)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'color-mix(in srgb, var(--color-primary) 28%, transparent) !important',
  },
  '&.cm-focused': { outline: 'none' },
  '.cm-panels': { backgroundColor: 'var(--color-subtle)', color: 'var(--color-fg)' },
  '.cm-tooltip': { backgroundColor: 'var(--color-surface)', border: '1px solid var(--color-line)' },
});

const isDark = () => document.documentElement.classList.contains('dark');
/** One Dark's grey for comments is 4.4:1 on the current line's tint; a lighter grey reads at 6:1. */
const oneDarkComment = '#7d8799';
const darkHighlightStyle = HighlightStyle.define(
  oneDarkHighlightStyle.specs.map((spec) => (spec.color === oneDarkComment ? { ...spec, color: '#9aa2ae' } : spec)),
);
const highlightFor = (dark: boolean) => syntaxHighlighting(dark ? darkHighlightStyle : defaultHighlightStyle);

/**
 * The highlight style of the current theme, switched when `.dark` on <html> changes. Returns the extension and a
 * function that starts watching for one view (it returns the function that stops).
 */
export function themedHighlight(): { extension: Extension; watch: (view: EditorView) => () => void } {
  const slot = new Compartment();
  return {
    extension: slot.of(highlightFor(isDark())),
    watch(view) {
      let dark = isDark();
      const observer = new MutationObserver(() => {
        if (isDark() === dark) return;
        dark = isDark();
        view.dispatch({ effects: slot.reconfigure(highlightFor(dark)) });
      });
      observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
      return () => observer.disconnect();
    },
  };
}
