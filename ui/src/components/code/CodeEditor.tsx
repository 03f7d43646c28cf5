/**
 * The app's one code editor (CodeMirror 6): syntax by file name, the design tokens' colours, mod+s to save. Only
 * lazily loaded pages import it. `value` replaces the text when it differs from what the editor holds (a file opened
 * or reloaded); typing reports through `onChange`.
 */
import { basicSetup } from 'codemirror';
import { indentWithTab } from '@codemirror/commands';
import { Annotation, Compartment, EditorState, Prec } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { indentUnit } from '@codemirror/language';
import { useEffect, useRef } from 'react';
import { narrowQuery, useMediaQuery } from '../../lib/media.ts';
import { useEditorSettings, type EditorSettings } from './editorSettings.ts';
import { languageOf, themedHighlight, tokenTheme } from './editorSetup.ts';

/** The editor settings of script/setting as CodeMirror extensions (`narrow`: a phone's width). */
function settingsExtension(settings: EditorSettings, narrow: boolean) {
  const wrap = settings.wordWrap === 'wrap' || (settings.wordWrap === 'auto' && narrow);
  return [
    EditorState.tabSize.of(settings.tabSize),
    indentUnit.of(' '.repeat(settings.tabSize)),
    EditorView.theme({ '&': { fontSize: `${settings.fontSize}px` } }),
    wrap ? EditorView.lineWrapping : [],
  ];
}

/** Marks changes that came from `value`, not from typing. */
const external = Annotation.define<boolean>();

export default function CodeEditor({
  value,
  filename,
  onChange,
  onSave,
  label,
  readOnly = false,
  className,
}: {
  value: string;
  /** Picks the syntax (python, javascript, typescript, shell). */
  filename: string;
  onChange?: (text: string) => void;
  onSave?: () => void;
  /** Accessible name of the text area. */
  label: string;
  readOnly?: boolean;
  className?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const handlers = useRef({ onChange, onSave });
  const slots = useRef({
    language: new Compartment(),
    readOnly: new Compartment(),
    label: new Compartment(),
    settings: new Compartment(),
  });
  const settings = useEditorSettings();
  const narrow = useMediaQuery(narrowQuery);
  useEffect(() => {
    handlers.current = { onChange, onSave };
  });

  useEffect(() => {
    const highlight = themedHighlight();
    const { language, readOnly: ro, label: name } = slots.current;
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: '',
        extensions: [
          Prec.highest(
            keymap.of([
              {
                key: 'Mod-s',
                preventDefault: true,
                run: () => {
                  handlers.current.onSave?.();
                  return true;
                },
              },
            ]),
          ),
          basicSetup,
          keymap.of([indentWithTab]),
          // A tab stop of its own, read-only or not, so a keyboard can always reach and scroll the text.
          EditorView.contentAttributes.of({ tabindex: '0' }),
          tokenTheme,
          highlight.extension,
          language.of([]),
          ro.of([]),
          name.of([]),
          // Filled by the settings effect below, which runs right after this one.
          slots.current.settings.of([]),
          EditorView.updateListener.of((update) => {
            if (update.docChanged && !update.transactions.some((tr) => tr.annotation(external)))
              handlers.current.onChange?.(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    const stop = highlight.watch(editor);
    return () => {
      stop();
      editor.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    view.current?.dispatch({ effects: slots.current.language.reconfigure(languageOf(filename)) });
  }, [filename]);
  useEffect(() => {
    view.current?.dispatch({ effects: slots.current.settings.reconfigure(settingsExtension(settings, narrow)) });
  }, [settings, narrow]);
  useEffect(() => {
    view.current?.dispatch({
      effects: [
        slots.current.readOnly.reconfigure([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
        slots.current.label.reconfigure(EditorView.contentAttributes.of({ 'aria-label': label })),
      ],
    });
  }, [readOnly, label]);
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({
      changes: { from: 0, to: editor.state.doc.length, insert: value },
      annotations: external.of(true),
    });
  }, [value]);

  return <div ref={host} className={'min-h-0 overflow-hidden ' + (className ?? '')} data-testid="code-editor" />;
}
