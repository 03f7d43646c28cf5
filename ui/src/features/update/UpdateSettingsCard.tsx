import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { useSubmit } from '../../lib/useSubmit.ts';
import { getUpdateSettings, saveUpdateSettings, type UpdateSettings } from './api.ts';
import { TextField } from '../../components/TextField.tsx';

/**
 * Whether the panel may download updates, and the release feed it reads; the hint says what an empty field means on
 * this panel (the image's own feed, or none at all). `builtInFeed` is null while the update state loads.
 */
export function UpdateSettingsCard({ builtInFeed, onSaved }: { builtInFeed: string | null; onSaved: () => void }) {
  const { t } = useLingui();
  const [settings, setSettings] = useState<UpdateSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { busy, formError: fieldError, onSubmit } = useSubmit();
  useEffect(() => {
    getUpdateSettings().then(setSettings, (failure: Error) => setError(failure.message));
  }, []);

  const save = onSubmit({
    send: async () => {
      if (!settings) return;
      setSettings(await saveUpdateSettings({ ...settings, updateFeedUrl: settings.updateFeedUrl.trim() }));
      toast(t`Update settings saved`);
      onSaved();
    },
    // The form's only field is the feed: every message is shown there.
    failed: ({ fields, form }) => fields.updateFeedUrl ?? form,
  });

  return (
    <Card className="max-w-3xl">
      <CardHeader
        title={t`Update settings`}
        description={t`Where the panel looks for new versions, and whether it may install them itself.`}
      />
      <CardBody>
        {error && <Alert>{error}</Alert>}
        {settings && (
          <form onSubmit={save} noValidate className="flex flex-col gap-4">
            <label className="flex items-center gap-2 text-[14px]">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={settings.updateEnabled}
                onChange={(e) => setSettings({ ...settings, updateEnabled: e.target.checked })}
              />
              {t`Download and install updates from this page`}
            </label>
            <TextField
              label={t`Release feed URL`}
              error={fieldError ?? undefined}
              hint={
                builtInFeed === ''
                  ? t`This image was built without a feed: enter one to check for updates here. The proxy of config.sh (ProxyUrl) is used when set.`
                  : t`Leave empty for the feed this image was built with. The proxy of config.sh (ProxyUrl) is used when set.`
              }
              type="url"
              inputMode="url"
              placeholder="https://…/feed.json"
              value={settings.updateFeedUrl}
              onChange={(text) => setSettings({ ...settings, updateFeedUrl: text })}
            />
            <div>
              <Button type="submit" variant="primary" loading={busy}>
                {t`Save`}
              </Button>
            </div>
          </form>
        )}
      </CardBody>
    </Card>
  );
}
