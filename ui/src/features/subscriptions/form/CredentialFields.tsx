import { PullType } from '@contract/enums.ts';
import { useLingui } from '@lingui/react/macro';
import { Field } from '../../../components/ui/Field.tsx';
import { SegmentedControl } from '../../../components/ui/SegmentedControl.tsx';
import { Textarea } from '../../../components/ui/Textarea.tsx';
import { DraftText, type DraftProps } from './fields.tsx';
import { isMasked, type PullKind } from './model.ts';
import { TextField } from '../../../components/TextField.tsx';

/**
 * How a private repository is pulled: username and password (or token), or a private key. Stored secrets come back
 * masked; focusing one selects it, so typing replaces it and leaving it keeps the stored value.
 */
export function CredentialFields(props: DraftProps) {
  const { t } = useLingui();
  const { draft, set, errors } = props;
  const pullTypes: { value: PullKind; label: string }[] = [
    { value: PullType.userPwd, label: t`Username and password` },
    { value: PullType.sshKey, label: t`Private key` },
  ];
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-line p-3">
      <legend className="px-1 text-[13px] font-medium">{t`Pull method`}</legend>
      <div>
        <SegmentedControl
          label={t`Pull method`}
          value={draft.pullType}
          onChange={(pullType) => set({ pullType })}
          options={pullTypes}
        />
      </div>
      {draft.pullType === PullType.userPwd ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <DraftText {...props} name="username" label={t`Username`} />
          <TextField
            label={t`Password or token`}
            error={errors.password}
            hint={isMasked(draft.password) ? t`Stored; leave it to keep it.` : undefined}
            secret
            value={draft.password}
            onFocus={(e) => isMasked(draft.password) && e.currentTarget.select()}
            onChange={(text) => set({ password: text })}
            autoComplete="new-password"
          />
        </div>
      ) : (
        <Field
          label={t`Private key`}
          error={errors.private_key}
          hint={
            isMasked(draft.privateKey)
              ? t`Stored; leave it to keep it, or paste a new key.`
              : t`The whole key, from -----BEGIN to END-----.`
          }
        >
          {(control) => (
            <Textarea
              {...control}
              rows={5}
              value={draft.privateKey}
              onFocus={(e) => isMasked(draft.privateKey) && e.currentTarget.select()}
              onChange={(e) => set({ privateKey: e.target.value })}
              placeholder="-----BEGIN OPENSSH PRIVATE KEY-----"
              className="font-mono text-[12px]"
              spellCheck={false}
            />
          )}
        </Field>
      )}
    </fieldset>
  );
}
