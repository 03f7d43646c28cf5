import { useLingui } from '@lingui/react/macro';
import { useId, useState, type ChangeEvent } from 'react';
import { Avatar } from '../../components/layout/Avatar.tsx';
import { Alert } from '../../components/ui/Alert.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { api } from '../../lib/api.ts';
import { useCurrentUser } from '../account/index.ts';

const allowedTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const maxBytes = 2 * 1024 * 1024;

/** Uploads a new avatar (`PUT api/user/avatar`, field `avatar`) as soon as a file is chosen. */
export function AvatarCard() {
  const { t } = useLingui();
  const id = useId();
  const { user, refresh } = useCurrentUser();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (!allowedTypes.includes(file.type) || file.size > maxBytes) {
      setError(t`The avatar must be a PNG, JPEG, GIF or WebP image of at most 2 MB`);
      return;
    }
    const form = new FormData();
    form.append('avatar', file);
    setBusy(true);
    try {
      await api.put<string>('user/avatar', form);
      await refresh();
      toast(t`Avatar updated`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader title={t`Avatar`} description={t`Shown in the header. PNG, JPEG, GIF or WebP, up to 2 MB.`} />
      <CardBody className="flex flex-col gap-4">
        <div className="flex items-center gap-4">
          <Avatar src={user?.avatar} name={user?.username ?? ''} size="lg" />
          <input
            id={id}
            type="file"
            accept={allowedTypes.join(',')}
            onChange={upload}
            className="peer sr-only"
            disabled={busy}
          />
          <label
            htmlFor={id}
            className="inline-flex h-8 cursor-pointer items-center gap-2 rounded-md border border-line-strong bg-surface px-3.5 font-medium hover:border-primary hover:text-primary-text peer-focus-visible:outline-2 peer-focus-visible:outline-primary"
          >
            {busy && <Spinner />}
            {t`Upload avatar`}
          </label>
        </div>
        {error && <Alert>{error}</Alert>}
      </CardBody>
    </Card>
  );
}
