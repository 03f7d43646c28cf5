import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Field } from '../../../components/ui/Field.tsx';
import { Input } from '../../../components/ui/Input.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { formOrFirst, useSubmit } from '../../../lib/useSubmit.ts';
import { parseCommand, type ParsedCommand } from '../api.ts';

/** Pastes a `ql repo …` / `ql raw …` command and fills the form from what the daemon reads in it. */
export function PasteCommand({ onParsed }: { onParsed: (parsed: ParsedCommand) => void }) {
  const { t } = useLingui();
  const [command, setCommand] = useState('');
  const { busy, formError: error, setFormError: setError, onSubmit } = useSubmit();
  const fill = onSubmit({
    check: () => {
      if (command.trim()) return true;
      setError(t`Paste a command first`);
      return false;
    },
    send: async () => {
      onParsed(await parseCommand(command.trim()));
      setCommand('');
      toast(t`Filled in from the command`);
    },
    // Inside the subscription form: its own messages are shown under this field.
    failed: formOrFirst,
  });
  return (
    <Field
      label={t`Paste a ql repo / ql raw command`}
      error={error ?? undefined}
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
