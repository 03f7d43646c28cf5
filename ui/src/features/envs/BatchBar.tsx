import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../components/ui/Button.tsx';
import { LabelsButton } from '../../components/LabelsDialog.tsx';
import { SelectionToolbar } from '../../components/list/SelectionToolbar.tsx';
import { addEnvLabels, exportEnvs, removeEnvLabels, type Env } from './api.ts';
import type { EnvAction } from './useEnvActions.tsx';

/** Shown while variables are selected: the batch actions and the count. */
export function EnvBatchBar({
  envs,
  onAction,
  onClear,
}: {
  envs: Env[];
  onAction: (action: EnvAction, envs: Env[]) => void;
  onClear: () => void;
}) {
  const { t } = useLingui();
  const n = envs.length;
  const action = (label: string, name: EnvAction, danger = false) => ({
    label,
    onClick: () => onAction(name, envs),
    danger,
  });
  return (
    <SelectionToolbar
      label={t`Actions for the selected variables`}
      count={n}
      onClear={onClear}
      actions={[
        action(t`Enable`, 'enable'),
        action(t`Disable`, 'disable'),
        action(t`Pin`, 'pin'),
        action(t`Unpin`, 'unpin'),
        action(t`Rename`, 'rename'),
        action(t`Delete`, 'delete', true),
      ]}
    >
      <LabelsButton
        title={plural(n, { 1: 'Labels of 1 variable', other: 'Labels of # variables' })}
        rows={envs}
        apply={async (mode, labels) => {
          const ids = envs.map((e) => e.id);
          await (mode === 'add' ? addEnvLabels(ids, labels) : removeEnvLabels(ids, labels));
        }}
      />
      <Button size="sm" onClick={() => exportEnvs(envs)}>
        {t`Export`}
      </Button>
    </SelectionToolbar>
  );
}
