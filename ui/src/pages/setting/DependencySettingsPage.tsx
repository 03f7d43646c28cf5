import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { PageSpinner } from '../../components/ui/Spinner.tsx';
import { Alert } from '../../components/ui/Alert.tsx';
import { Card, CardBody, CardHeader } from '../../components/ui/Card.tsx';
import {
  getDependencySettings,
  saveDependencySetting,
  type DependencySettings,
} from '../../features/dependencies/api.ts';
import { SettingsLayout } from '../../features/settings/SettingsLayout.tsx';
import { SettingForm } from '../../components/SettingForm.tsx';
import { Input } from '../../components/ui/Input.tsx';

type Key = keyof DependencySettings;

/** Empty (not set) or an http/https URL: the server's rule. */
function isUrl(text: string): boolean {
  if (text === '') return true;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname && !/\s/.test(text);
  } catch {
    return false;
  }
}

/** /setting/dependence: the proxy and the three mirrors installs use, each saved on its own. */
export default function DependenceSettingsPage() {
  const { t } = useLingui();
  const [settings, setSettings] = useState<DependencySettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getDependencySettings().then(setSettings, (failure: Error) => setError(failure.message));
  }, []);

  const rows: { field: Key; label: string; hint: string; placeholder: string }[] = [
    {
      field: 'dependenceProxy',
      label: t`Proxy`,
      hint: t`HTTP proxy for every install (http_proxy and https_proxy). Empty: connect directly.`,
      placeholder: 'http://127.0.0.1:7890',
    },
    {
      field: 'nodeMirror',
      label: t`npm registry mirror`,
      hint: t`Where npm downloads Node packages (--registry). Empty: registry.npmjs.org.`,
      placeholder: 'https://registry.npmmirror.com',
    },
    {
      field: 'pythonMirror',
      label: t`pip index mirror`,
      hint: t`Where pip downloads Python packages (--index-url). Empty: pypi.org.`,
      placeholder: 'https://pypi.tuna.tsinghua.edu.cn/simple',
    },
    {
      field: 'linuxMirror',
      label: t`Linux mirror`,
      hint: t`Replaces the host of the system's apk or apt package sources. Empty: the original sources.`,
      placeholder: 'https://mirrors.aliyun.com',
    },
  ];

  return (
    <SettingsLayout>
      <Card className="max-w-3xl">
        <CardHeader
          title={t`Dependency sources`}
          description={t`Each setting applies from the next install; no restart needed. Leave one empty and save to clear it.`}
        />
        <CardBody className="flex flex-col gap-5">
          {error && <Alert>{error}</Alert>}
          {!settings && !error && <PageSpinner />}
          {settings &&
            rows.map(({ field, label, hint, placeholder }) => (
              <SettingForm
                key={field}
                field={field}
                label={label}
                hint={hint}
                initial={settings[field]}
                primaryWhenChanged
                check={(text) => (isUrl(text) ? undefined : t`${label} must be an http or https URL`)}
                save={async (text) => {
                  const saved = await saveDependencySetting(field, text);
                  setSettings(saved);
                  return {
                    shown: saved[field],
                    message: saved[field] ? t`${label} saved` : t`${label} cleared`,
                  };
                }}
              >
                {(value, set, control) => (
                  <Input
                    {...control}
                    type="url"
                    inputMode="url"
                    value={value}
                    onChange={(e) => set(e.target.value)}
                    placeholder={placeholder}
                    autoComplete="off"
                    spellCheck={false}
                  />
                )}
              </SettingForm>
            ))}
        </CardBody>
      </Card>
    </SettingsLayout>
  );
}
