import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import type { ModalProps } from '../../../lib/routing.ts';
import { describeSchedule } from '../describe.ts';

const presets = ['*/5 * * * *', '0 * * * *', '0 2 * * *', '30 8 * * 1-5', '0 9 * * 1', '0 0 1 * *', '*/30 * * * * *'];

/** crontab/type: how should the new task start? A schedule from common presets, by hand only, or at start-up. */
export default function TypeModal({ onClose }: ModalProps) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const choose = (query: string) => navigate(`/crontab/modal?${query}`);
  const option =
    'flex w-full items-start justify-between gap-3 rounded-md border border-line px-3 py-2 text-left hover:border-primary hover:bg-hover';
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t`New task from a template`}
      description={t`Choose when it runs; you fill in the rest next.`}
    >
      <div className="flex flex-col gap-4">
        <section aria-labelledby="type-schedule">
          <h3 id="type-schedule" className="mb-2 text-[13px] font-medium">
            {t`On a schedule`}
          </h3>
          <ul className="grid gap-1.5 sm:grid-cols-2">
            {presets.map((schedule) => (
              <li key={schedule}>
                <button
                  type="button"
                  className={option}
                  onClick={() => choose(`schedule=${encodeURIComponent(schedule)}`)}
                >
                  <span>{describeSchedule(schedule) ?? schedule}</span>
                  <code className="shrink-0 text-[12px] text-muted">{schedule}</code>
                </button>
              </li>
            ))}
            <li>
              <button type="button" className={option} onClick={() => choose('')}>
                <span>{t`My own cron expression`}</span>
              </button>
            </li>
          </ul>
        </section>
        <section aria-labelledby="type-other" className="flex flex-col gap-1.5">
          <h3 id="type-other" className="mb-0.5 text-[13px] font-medium">
            {t`Without a schedule`}
          </h3>
          <button type="button" className={option} onClick={() => choose('type=once')}>
            <span>
              <span className="block">{t`Manual only`}</span>
              <span className="block text-xs text-muted">{t`Runs only when you start it.`}</span>
            </span>
            <code className="shrink-0 text-[12px] text-muted">@once</code>
          </button>
          <button type="button" className={option} onClick={() => choose('type=boot')}>
            <span>
              <span className="block">{t`At start-up`}</span>
              <span className="block text-xs text-muted">{t`Runs once each time the panel starts.`}</span>
            </span>
            <code className="shrink-0 text-[12px] text-muted">@boot</code>
          </button>
        </section>
      </div>
    </Dialog>
  );
}
