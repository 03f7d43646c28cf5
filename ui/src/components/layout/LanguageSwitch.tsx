import { Locales, type Language } from '@contract/i18n.ts';
import { useLingui } from '@lingui/react/macro';
import { basePath } from '../../lib/base.ts';
import { switchLanguage } from '../../lib/language.ts';
import { Button } from '../ui/Button.tsx';
import { DropdownMenu, MenuRadioGroup } from '../ui/DropdownMenu.tsx';
import { Icon } from './icons.tsx';

// Each language is named in itself, so a user who cannot read the current one still finds theirs.
const options = [
  { value: 'en', label: 'English', lang: Locales.en },
  { value: 'zh', label: '中文', lang: Locales.zh },
] as const;

export function LanguageSwitch() {
  const { t, i18n } = useLingui();
  const current: Language = i18n.locale === Locales.en ? 'en' : 'zh';
  const label = options.find((o) => o.value === current)?.label ?? '';
  return (
    <DropdownMenu
      trigger={
        // The language shown is part of the button's name (label in name, WCAG 2.5.3): "Language: English".
        <Button variant="ghost" size="bare" aria-label={t`Language: ${label}`} className="px-2 text-[13px]">
          <Icon name="globe" className="size-4" />
          <span className="hidden sm:inline">{label}</span>
        </Button>
      }
    >
      <MenuRadioGroup<Language>
        value={current}
        onChange={(language) => switchLanguage(language, basePath() || '/')}
        options={options}
      />
    </DropdownMenu>
  );
}
