import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Button } from '../../components/ui/Button.tsx';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { Select } from '../../components/ui/Select.tsx';
import { SegmentedControl } from '../../components/ui/SegmentedControl.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import type { ModalProps } from '../../lib/routing.ts';
import {
  fontSizes,
  saveEditorSettings,
  tabSizes,
  useEditorSettings,
  type EditorSettings,
} from '../../components/code/editorSettings.ts';

/** script/setting: the editor's font size, indentation width and line wrapping, kept in this browser. */
export default function EditorSettingsModal(_props: ModalProps) {
  const { t } = useLingui();
  const search = useSearch();
  const [, navigate] = useLocation();
  // Back to the script page with the same file open (?file=… stays), not to an empty editor.
  const onClose = () => navigate(`/script${search ? `?${search}` : ''}`);
  const saved = useEditorSettings();
  const [draft, setDraft] = useState<EditorSettings>(saved);
  const save = () => {
    saveEditorSettings(draft);
    toast(t`Editor settings saved`);
    onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t`Editor settings`}
      description={t`Kept in this browser; they apply to every editor of the panel.`}
      footer={
        <>
          <Button onClick={onClose}>{t`Cancel`}</Button>
          <Button variant="primary" onClick={save}>
            {t`Save`}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <Field label={t`Font size`}>
          {(control) => (
            <Select
              {...control}
              value={String(draft.fontSize)}
              onChange={(e) => setDraft({ ...draft, fontSize: Number(e.target.value) })}
              options={fontSizes.map((size) => ({ value: String(size), label: `${size} px` }))}
            />
          )}
        </Field>
        <Field label={t`Indentation width`}>
          {(control) => (
            <Select
              {...control}
              value={String(draft.tabSize)}
              onChange={(e) => setDraft({ ...draft, tabSize: Number(e.target.value) })}
              options={tabSizes.map((size) => ({ value: String(size), label: t`${size} spaces` }))}
            />
          )}
        </Field>
        <SegmentedControl
          label={t`Long lines`}
          value={draft.wordWrap}
          onChange={(wordWrap) => setDraft({ ...draft, wordWrap })}
          options={[
            { value: 'auto', label: t`Only on phones` },
            { value: 'wrap', label: t`Wrap` },
            { value: 'scroll', label: t`Scroll sideways` },
          ]}
        />
      </div>
    </Dialog>
  );
}
