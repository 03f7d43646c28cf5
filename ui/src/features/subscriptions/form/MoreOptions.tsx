import { useLingui } from '@lingui/react/macro';
import { Field } from '../../../components/ui/Field.tsx';
import { Textarea } from '../../../components/ui/Textarea.tsx';
import { isRepo } from './model.ts';
import { DraftText, type DraftProps } from './fields.tsx';

/**
 * Which files a pull takes (a repository only: a single file is the one file), commands before and after it, and
 * its proxy: folded away until needed.
 */
export function MoreOptions({
  open,
  onToggle,
  ...props
}: DraftProps & { open: boolean; onToggle: (open: boolean) => void }) {
  const { t } = useLingui();
  const { draft, set, errors } = props;
  const repo = isRepo(draft.type);
  return (
    <details open={open} onToggle={(e) => onToggle(e.currentTarget.open)} className="rounded-md border border-line">
      <summary className="cursor-pointer px-3 py-2 text-[13px] font-medium select-none">
        {t`More options`}
        <span className="ml-2 font-normal text-muted">
          {repo ? t`which files, extensions, commands before and after, proxy` : t`commands before and after, proxy`}
        </span>
      </summary>
      <div className="flex flex-col gap-4 border-t border-line px-3 py-3">
        {repo && (
          <div className="grid gap-4 sm:grid-cols-2">
            <DraftText
              {...props}
              name="whitelist"
              label={t`Whitelist`}
              mono
              placeholder="jd_|utils"
              hint={t`Only files whose path matches; separate patterns with |.`}
            />
            <DraftText
              {...props}
              name="blacklist"
              label={t`Blacklist`}
              mono
              placeholder="test_|backup"
              hint={t`Files whose path matches are skipped.`}
            />
            <DraftText
              {...props}
              name="dependences"
              label={t`Dependency files`}
              mono
              placeholder="utils|sendNotify"
              hint={t`Copied along although they are not tasks.`}
            />
            <DraftText
              {...props}
              name="extensions"
              label={t`File extensions`}
              mono
              placeholder={t`From config.sh RepoFileExtensions`}
              hint={t`Separated by spaces, e.g. js py ts sh.`}
            />
          </div>
        )}
        {(['subBefore', 'subAfter'] as const).map((key) => (
          <Field
            key={key}
            label={key === 'subBefore' ? t`Command before` : t`Command after`}
            error={errors[key === 'subBefore' ? 'sub_before' : 'sub_after']}
            hint={key === 'subBefore' ? t`Runs before each pull.` : t`Runs after each successful pull.`}
          >
            {(control) => (
              <Textarea
                {...control}
                rows={2}
                value={draft[key]}
                onChange={(e) => set({ [key]: e.target.value })}
                className="font-mono text-[13px]"
                spellCheck={false}
              />
            )}
          </Field>
        ))}
        <DraftText {...props} name="proxy" label={t`Proxy`} mono placeholder="http://127.0.0.1:7890" />
      </div>
    </details>
  );
}
