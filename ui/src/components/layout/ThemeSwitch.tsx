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
        <Button variant="ghost" size="icon" aria-label={t`Theme`}>
          <Icon name={iconOf[theme]} className="size-[18px]" />
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
