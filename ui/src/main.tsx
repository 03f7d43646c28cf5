import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { activateLocale } from './lib/i18n.ts';
import { languageSources, localeKey, pickLanguage } from './lib/language.ts';
import { startTheme } from './lib/theme.ts';
import './styles.css';

startTheme();
const choice = pickLanguage(languageSources());
localStorage.setItem(localeKey, choice.locale);
document.documentElement.lang = choice.locale;
document.documentElement.dir = choice.rtl ? 'rtl' : 'ltr';

await activateLocale(choice.locale);
createRoot(document.getElementById('root')!).render(<App />);
