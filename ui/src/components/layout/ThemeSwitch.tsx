import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { setTheme, storedTheme, type Theme } from '../../lib/theme.ts';
import { Button } from '../ui/Button.tsx';
import { DropdownMenu, MenuRadioGroup } from '../ui/DropdownMenu.tsx';
import { Icon } from './icons.tsx';

const iconOf = { light: 'sun', dark: 'moon', system: 'monitor' } as const;

export function ThemeSwitch() {
  const { t } = useLingui();
  const [theme, choose] = useState<Theme>(storedTheme);
  const options = [
    { value: 'light', label: t`Light` },
    { value: 'dark', label: t`Dark` },
    { value: 'system', label: t`Follow system` },
  ] as const;
  return (
    <DropdownMenu
      trigger={
        <Button variant="ghost" size="sm" aria-label={t`Theme`} className="h-8 w-8 px-0">
          <Icon name={iconOf[theme]} className="size-4" />
        </Button>
      }
    >
      <MenuRadioGroup<Theme>
        value={theme}
        onChange={(next) => {
          setTheme(next);
          choose(next);
        }}
        options={options}
      />
    </DropdownMenu>
  );
}
