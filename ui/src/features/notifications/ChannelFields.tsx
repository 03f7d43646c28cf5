import {
  NotifyChannelIds,
  type NotificationSettings,
  type NotifyChannelId,
  type NotifyField,
} from '@contract/notifications.ts';
import { useLingui } from '@lingui/react/macro';
import { Field, type ControlProps } from '../../components/ui/Field.tsx';
import { Input, inputClass } from '../../components/ui/Input.tsx';
import { PasswordInput } from '../../components/ui/PasswordInput.tsx';
import { cn } from '../../components/ui/cn.ts';
import type { Errors } from '../../lib/formRules.ts';
import { channelGroups, channelOf, localText } from './channels.ts';

const tallInputClass = inputClass.replace('h-9 ', '');

/** The channel list: 'Off' first, then the channels in four groups. A native select: searchable by typing, and a
 * proper picker on phones. */
export function ChannelPicker({
  value,
  onChange,
  disabled,
}: {
  value: NotifyChannelId;
  onChange: (id: NotifyChannelId) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useLingui();
  const name = (id: NotifyChannelId) => localText(channelOf({ type: id }).name, i18n.locale);
  return (
    <Field label={t`Channel`}>
      {(control) => (
        <select
          {...control}
          value={value}
          disabled={disabled}
          onChange={(event) => {
            const next = event.target.value;
            if ((NotifyChannelIds as readonly string[]).includes(next)) onChange(next as NotifyChannelId);
          }}
          className={cn(inputClass, 'pr-8')}
        >
          <option value="closed">{t`Off (no notifications)`}</option>
          {channelGroups.map((group) => (
            <optgroup key={group.label.id} label={i18n._(group.label)}>
              {group.ids.map((id) => (
                <option key={id} value={id}>
                  {name(id)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
    </Field>
  );
}

function Control({
  field,
  control,
  value,
  onChange,
  disabled,
}: {
  field: NotifyField;
  control: ControlProps;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean | undefined;
}) {
  const { t, i18n } = useLingui();
  const common = { ...control, disabled, 'aria-required': field.required || undefined };
  switch (field.kind) {
    case 'password':
      return (
        <PasswordInput
          {...common}
          value={value}
          // An example token in a masked field looks like one already saved: say it is an example.
          placeholder={field.placeholder && t`e.g. ${field.placeholder}`}
          // A saved token must never be replaced by the browser's remembered sign-in password.
          autoComplete="new-password"
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'select':
      return (
        <select {...common} value={value} onChange={(e) => onChange(e.target.value)} className={cn(inputClass, 'pr-8')}>
          {field.default === undefined && (
            <option value="">{field.required ? t`Choose one` : t`Service default`}</option>
          )}
          {field.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {localText(option.label, i18n.locale)}
            </option>
          ))}
        </select>
      );
    case 'textarea':
      return (
        <textarea
          {...common}
          value={value}
          rows={field.key === 'webhookHeaders' ? 3 : 4}
          placeholder={field.placeholder}
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
          className={cn(tallInputClass, 'py-2 font-mono text-[13px] leading-5')}
        />
      );
    case 'number':
      return (
        <Input
          {...common}
          value={value}
          inputMode="numeric"
          placeholder={field.placeholder}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
          className="max-w-40"
        />
      );
    default:
      return (
        <Input
          {...common}
          value={value}
          placeholder={field.placeholder}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}

/** The chosen channel's fields, rendered from the contract: labels and help in the interface language. */
export function ChannelFields({
  settings,
  errors,
  onChange,
  disabled,
}: {
  settings: NotificationSettings;
  errors: Errors;
  onChange: (key: string, value: string) => void;
  disabled?: boolean;
}) {
  const { i18n } = useLingui();
  const fields = channelOf(settings).fields;
  if (fields.length === 0) return null;
  return (
    <div className="flex flex-col gap-4">
      {fields.map((field) => (
        <Field
          key={`${settings.type}.${field.key}`}
          label={
            <>
              {localText(field.label, i18n.locale)}
              {field.required && (
                <span aria-hidden="true" className="ms-0.5 text-danger-text">
                  *
                </span>
              )}
            </>
          }
          error={errors[field.key]}
          hint={field.help ? localText(field.help, i18n.locale) : undefined}
        >
          {(control) => (
            <Control
              field={field}
              control={control}
              value={settings[field.key] ?? ''}
              onChange={(value) => onChange(field.key, value)}
              disabled={disabled}
            />
          )}
        </Field>
      ))}
    </div>
  );
}
