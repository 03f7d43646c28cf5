import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Field } from '../../../components/ui/Field.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorsFrom } from '../../../lib/formRules.ts';
import { parseCommand, type ParsedCommand } from '../api.ts';

/** Pastes a `ql repo …` / `ql raw …` command and fills the form from what the daemon reads in it. */
export function PasteCommand({ onParsed }: { onParsed: (parsed: ParsedCommand) => void }) {
  const { t } = useLingui();
  const [command, setCommand] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const fill = async () => {
    if (!command.trim()) return setError(t`Paste a command first`);
    setBusy(true);
    try {
      onParsed(await parseCommand(command.trim()));
      setError(undefined);
      setCommand('');
      toast(t`Filled in from the command`);
    } catch (failure) {
      const { fields, form } = errorsFrom(failure);
      setError(form ?? Object.values(fields).find(Boolean));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Field
      label={t`Paste a ql repo / ql raw command`}
      error={error}
      hint={t`Optional: the fields below are filled in from it.`}
    >
      {(control) => (
        <div className="flex gap-2">
          <Input
            {...control}
            value={command}
            onChange={(e) => setCommand(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void fill();
              }
            }}
            placeholder='ql repo https://github.com/owner/repo.git "jd_" "" "utils" main'
            className="font-mono text-[12.5px]"
            spellCheck={false}
            autoComplete="off"
          />
          <Button onClick={fill} loading={busy} className="shrink-0">
            {t`Fill in`}
          </Button>
        </div>
      )}
    </Field>
  );
}
