/** Light, dark or follow the system (the default); the choice lives in localStorage, the effect is `.dark` on <html>. */
export const themes = ['light', 'dark', 'system'] as const;
export type Theme = (typeof themes)[number];
const key = 'baihu_theme';
const media = () => window.matchMedia('(prefers-color-scheme: dark)');

export function storedTheme(): Theme {
  const value = localStorage.getItem(key);
  return (themes as readonly string[]).includes(value ?? '') ? (value as Theme) : 'system';
}

function apply(theme: Theme): void {
  const dark = theme === 'dark' || (theme === 'system' && media().matches);
  document.documentElement.classList.toggle('dark', dark);
}

export function setTheme(theme: Theme): void {
  localStorage.setItem(key, theme);
  apply(theme);
}

/** Applies the stored theme and keeps following the system while "system" is chosen. */
export function startTheme(): void {
  apply(storedTheme());
  media().addEventListener('change', () => apply(storedTheme()));
}
