import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Dialog } from '../../components/ui/Dialog.tsx';
import type { ModalProps } from '../../lib/routing.ts';
import { getDependencySettings, type DependencySettings, type DependencyTypeName } from './api.ts';
import { typeLabels } from './status.tsx';

/** dependence/type: which kind of dependency a script needs, with examples, how scripts use it and the mirror in use. */
export default function DepTypeModal({ onClose }: ModalProps) {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const [settings, setSettings] = useState<DependencySettings | null>(null);
  useEffect(() => {
    getDependencySettings().then(setSettings, () => setSettings(null));
  }, []);

  const options: { type: DependencyTypeName; when: string; example: string; mirror: string | undefined }[] = [
    {
      type: 'nodejs',
      when: t`The script is JavaScript or TypeScript and says require('…') or import … from '…'.`,
      example: 'axios, crypto-js@4.2.0',
      mirror: settings?.nodeMirror,
    },
    {
      type: 'python3',
      when: t`The script is Python and says import … or from … import ….`,
      example: 'requests, httpx==0.27.0',
      mirror: settings?.pythonMirror,
    },
    {
      type: 'linux',
      when: t`The script calls a system command or needs a system library (apk or apt-get package).`,
      example: 'curl, jq',
      mirror: settings?.linuxMirror,
    },
  ];
  const option =
    'flex w-full flex-col items-start gap-1 rounded-md border border-line px-3 py-2.5 text-left hover:border-primary hover:bg-hover';
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t`Which type of dependency?`}
      description={t`Pick what the script needs; you enter the package names next.`}
    >
      <ul className="flex flex-col gap-2">
        {options.map(({ type, when, example, mirror }) => (
          <li key={type}>
            <button type="button" className={option} onClick={() => navigate(`/dependence/modal?type=${type}`)}>
              <span className="text-[14px] font-medium">{i18n._(typeLabels[type])}</span>
              <span className="text-[13px] text-muted">{when}</span>
              <span className="text-[12px] text-muted">
                {t`For example`} <code className="text-fg">{example}</code>
              </span>
              <span className="text-[12px] text-muted">{mirror ? t`From ${mirror}` : t`From the default source`}</span>
            </button>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-[12px] text-muted">
        {t`Mirrors and the proxy are set in`}{' '}
        <Link href="/setting/dependence" className="text-primary-text underline underline-offset-2">
          {t`Dependence Settings`}
        </Link>
      </p>
    </Dialog>
  );
}
