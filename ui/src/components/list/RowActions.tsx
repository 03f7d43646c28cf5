import { useLingui } from '@lingui/react/macro';
import { Button } from '../ui/Button.tsx';
import { DropdownMenu, MenuItem, MenuSeparator } from '../ui/DropdownMenu.tsx';
import { ActionIcon, type ActionIconName } from './ActionIcon.tsx';

/** An icon button at the end of a row. */
export interface RowButton {
  /** Accessible name that names the row ("Run backup"), so a screen reader knows which row it acts on. */
  label: string;
  /** The short tooltip ("Run"). */
  title: string;
  icon: ActionIconName;
  /** Colours the icon: the row's main action, or one that stops something. */
  tone?: 'primary' | 'danger';
  onClick: () => void;
}

export interface RowMenuItem {
  label: string;
  onSelect: () => void;
  /** Drawn in red below a separator (delete). */
  danger?: boolean;
  /** Shown but not choosable, where it cannot apply now (Stop on an idle row). */
  disabled?: boolean;
}

const toneClass = { primary: 'size-4 text-primary-text', danger: 'size-4 text-danger-text' } as const;

/**
 * A row's actions: a few icon buttons, then "More actions for <name>" with the rest. Every list row uses this one,
 * so the buttons sit, look and read the same in every area.
 */
export function RowActions({ name, buttons, menu }: { name: string; buttons: RowButton[]; menu: RowMenuItem[] }) {
  const { t } = useLingui();
  const firstDanger = menu.findIndex((item) => item.danger);
  return (
    <div className="flex items-center justify-end gap-0.5">
      {buttons.map(({ label, title, icon, tone, onClick }) => (
        <Button
          key={icon}
          size="icon"
          variant="ghost"
          className="size-7!"
          aria-label={label}
          title={title}
          onClick={onClick}
        >
          <ActionIcon name={icon} className={tone ? toneClass[tone] : undefined} />
        </Button>
      ))}
      <DropdownMenu
        trigger={
          <Button
            size="icon"
            variant="ghost"
            className="size-7!"
            aria-label={t`More actions for ${name}`}
            title={t`More`}
          >
            <ActionIcon name="more" />
          </Button>
        }
      >
        {menu.flatMap((item, index) => [
          ...(index === firstDanger ? [<MenuSeparator key="separator" />] : []),
          <MenuItem
            key={item.label}
            onSelect={item.onSelect}
            disabled={item.disabled}
            className={item.danger ? 'text-danger-text' : undefined}
          >
            {item.label}
          </MenuItem>,
        ])}
      </DropdownMenu>
    </div>
  );
}
