import {
  normaliseNotificationSettings,
  type NotificationSettings,
  type NotifyChannelId,
} from '@contract/notifications.ts';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api.ts';
import { hasErrors, type Errors } from '../../lib/formRules.ts';
import { blankSettings } from './channels.ts';
import { ChannelFields, ChannelPicker } from './ChannelFields.tsx';
import type { NotifyClient } from './client.ts';
import { checkSettings } from './problems.ts';

/** Only the keys of the object's own channel, as strings (the server may send numbers for some). */
function fromServer(settings: NotificationSettings): NotificationSettings {
  return { ...blankSettings(settings.type), ...normaliseNotificationSettings(settings) };
}

/**
 * Choose a channel, fill its fields, save. Saving makes the server send a test message with the new settings and keep
 * them only when it arrives, so the button waits (a slow channel takes up to ~20 s) and a refusal shows the channel's
 * own message next to the buttons. "Send test" tries the form's settings without saving them.
 */
export function NotificationForm({
  client,
  initial,
  submitLabel,
  onSaved,
  extraActions,
  showTest = false,
  align = 'start',
}: {
  client: NotifyClient;
  initial: NotificationSettings;
  submitLabel: string;
  onSaved?: (settings: NotificationSettings) => void;
  /** A button beside the submit button (e.g. the wizard's Skip). */
  extraActions?: ReactNode;
  /** 'end': the buttons on the right, the extra one before the submit button (the wizard's layout). */
  align?: 'start' | 'end';
  showTest?: boolean;
}) {
  const { t, i18n } = useLingui();
  // Values typed for each channel survive switching back and forth.
  const [drafts, setDrafts] = useState<Partial<Record<NotifyChannelId, NotificationSettings>>>(() => ({
    [initial.type]: fromServer(initial),
  }));
  const [type, setType] = useState<NotifyChannelId>(initial.type);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const settings = drafts[type] ?? blankSettings(type);

  // After a failed check, take the user to the first field that needs attention.
  useEffect(() => {
    if (!hasErrors(errors)) return;
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    // Centred, so the sticky page header never covers the field and its message.
    field?.focus({ preventScroll: true });
    field?.scrollIntoView({ block: 'center' });
  }, [errors]);

  const choose = (id: NotifyChannelId) => {
    setType(id);
    setDrafts((all) => ({ ...all, [id]: all[id] ?? blankSettings(id) }));
    setErrors({});
    setFailure(null);
  };
  const change = (key: string, value: string) => {
    setDrafts((all) => ({ ...all, [type]: { ...settings, [key]: value } }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  /** Checks the form in the browser; the settings to send, or null after showing what is wrong. */
  const checked = (): NotificationSettings | null => {
    setFailure(null);
    const found = checkSettings(settings, i18n.locale);
    setErrors(found);
    return hasErrors(found) ? null : normaliseNotificationSettings(settings);
  };
  const explain = (error: unknown) => {
    if (error instanceof ApiError) {
      const fields: Errors = {};
      for (const e of error.errors) fields[e.field.replace(/^\//, '')] ??= e.message;
      setErrors(fields);
      setFailure(error.message);
    } else setFailure(t`The request failed. Check your connection and try again.`);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const body = checked();
    if (!body) return;
    setBusy('save');
    try {
      const saved = await client.put<NotificationSettings>('user/notification', body);
      toast(body.type === 'closed' ? t`Notifications turned off` : t`Test message sent, settings saved`);
      onSaved?.(saved);
    } catch (error) {
      explain(error);
    } finally {
      setBusy(null);
    }
  };

  const sendTest = async () => {
    if (busy) return;
    const body = checked();
    if (!body) return;
    setBusy('test');
    try {
      await client.put('system/notify', {
        title: t`Baihu test notification`,
        content: t`If you can read this, notifications from Baihu reach you.`,
        notificationInfo: body,
      });
      toast(t`Test message sent`);
    } catch (error) {
      explain(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <form ref={formRef} onSubmit={save} noValidate aria-busy={busy !== null} className="flex flex-col gap-4">
      <ChannelPicker value={type} onChange={choose} disabled={busy !== null} />
      {type === 'closed' ? (
        <p className="text-[13px] text-muted">{t`No messages are sent. Tasks still run and keep their logs.`}</p>
      ) : (
        <ChannelFields settings={settings} errors={errors} onChange={change} disabled={busy !== null} />
      )}
      {failure && <Alert>{failure}</Alert>}
      {busy && (
        <p role="status" className="text-[13px] text-muted">
          {t`Sending a test message… a slow channel can take up to 20 seconds.`}
        </p>
      )}
      <div className={cn('flex flex-wrap items-center gap-2', align === 'end' && 'justify-end')}>
        {align === 'end' && extraActions}
        <Button type="submit" variant="primary" loading={busy === 'save'} disabled={busy === 'test'}>
          {submitLabel}
        </Button>
        {showTest && type !== 'closed' && (
          <Button onClick={sendTest} loading={busy === 'test'} disabled={busy === 'save'}>
            {t`Send test`}
          </Button>
        )}
        {align === 'start' && extraActions}
      </div>
      {showTest && type !== 'closed' && (
        <p className="text-xs text-muted">
          {t`Save sends a test message and keeps the settings only if it arrives. Send test tries the settings in the form without saving them.`}
        </p>
      )}
    </form>
  );
}
