/**
 * CodeMirror's merge view, side by side: arrows between the sides copy a change from the right into the left; both
 * sides report their edits. `stacked` (a phone) puts the left side above the right, each named, with unchanged
 * stretches folded so the changes are close together. Rebuilt when `docKey` or `stacked` changes; imported only by
 * the /diff page.
 */
import { t } from '@lingui/core/macro';
import { basicSetup } from 'codemirror';
import { MergeView } from '@codemirror/merge';
import { EditorState, Prec, type Extension } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { languageOf, themedHighlight, tokenTheme } from '../../components/code/editorSetup.ts';

/** The merge view's own words, in the interface's language. */
const phrases = () => ({
  '$ unchanged lines': t`$ unchanged lines`,
  'Revert this chunk': t`Copy this change into the left side`,
});

export interface MergeSide {
  name: string;
  label: string;
  text: string;
  readOnly: boolean;
}

export default function MergeEditor({
  docKey,
  stacked = false,
  left,
  right,
  onChange,
  onSave,
}: {
  docKey: string;
  stacked?: boolean;
  left: MergeSide;
  right: MergeSide;
  onChange: (side: 'left' | 'right', text: string) => void;
  onSave: () => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onChange, onSave });
  const sides = useRef({ left, right });
  useEffect(() => {
    handlers.current = { onChange, onSave };
    sides.current = { left, right };
  });

  useEffect(() => {
    const { left: a, right: b } = sides.current;
    const highlights = [themedHighlight(), themedHighlight()];
    const extensions = (side: MergeSide, which: 'left' | 'right', index: number): Extension[] => [
      Prec.highest(
        keymap.of([
          {
            key: 'Mod-s',
            preventDefault: true,
            run: () => {
              handlers.current.onSave();
              return true;
            },
          },
        ]),
      ),
      basicSetup,
      tokenTheme,
      EditorView.lineWrapping,
      highlights[index]!.extension,
      languageOf(side.name),
      EditorState.phrases.of(phrases()),
      EditorState.readOnly.of(side.readOnly),
      EditorView.editable.of(!side.readOnly),
      EditorView.contentAttributes.of({ 'aria-label': side.label }),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) handlers.current.onChange(which, update.state.doc.toString());
      }),
    ];
    const view = new MergeView({
      parent: host.current!,
      a: { doc: a.text, extensions: extensions(a, 'left', 0) },
      b: { doc: b.text, extensions: extensions(b, 'right', 1) },
      revertControls: a.readOnly ? undefined : 'b-to-a',
      gutter: true,
      highlightChanges: true,
      ...(stacked ? { collapseUnchanged: { margin: 3, minSize: 6 } } : {}),
    });
    // Each side says which file it is once the two are one above the other.
    view.a.dom.parentElement?.setAttribute('data-label', a.label);
    view.b.dom.parentElement?.setAttribute('data-label', b.label);
    const stops = [highlights[0]!.watch(view.a), highlights[1]!.watch(view.b)];
    return () => {
      for (const stop of stops) stop();
      view.destroy();
    };
  }, [docKey, stacked]);

  return (
    <div
      ref={host}
      className={'merge-host min-h-0 flex-1 overflow-auto' + (stacked ? ' merge-stacked' : '')}
      data-testid="merge-view"
    />
  );
}
