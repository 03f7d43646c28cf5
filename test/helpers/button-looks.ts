/// <reference lib="dom" />
/**
 * How the primary buttons on a screen look (computed styles, not pixels): enabled ones must look on, disabled ones
 * off. Collected by the every-route sweep; judged at the end over every screen, both themes, both languages.
 */
import type { Page } from 'playwright-core';

export interface ButtonLook {
  where: string;
  text: string;
  disabled: boolean;
  /** The fill and the text as drawn (the button's opacity applied over the page behind it). */
  background: [number, number, number];
  color: [number, number, number];
}

/** The look of every visible primary button (`data-variant="primary"`, set by the Button primitive). */
export async function primaryButtonLooks(page: Page, where: string): Promise<ButtonLook[]> {
  const looks = (await page.evaluate(inPageLooks)) as Omit<ButtonLook, 'where'>[];
  return looks.map((look) => ({ where, ...look }));
}

// Plain JavaScript run in the page: a string, so the test runner's transform adds no helpers the page lacks.
const inPageLooks = `(() => {
  const rgb = (value) => {
    const m = (value.match(/[\\d.]+/g) || []).map(Number);
    return [m[0] ?? 0, m[1] ?? 0, m[2] ?? 0, m[3] ?? 1];
  };
  // What is behind the button: the first ancestor with a fill.
  const behind = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const c = rgb(getComputedStyle(p).backgroundColor);
      if (c[3] > 0.5) return [c[0], c[1], c[2]];
    }
    return [255, 255, 255];
  };
  const over = (c, base, alpha) => [0, 1, 2].map((i) => c[i] * c[3] * alpha + base[i] * (1 - c[3] * alpha));
  return [...document.querySelectorAll('button[data-variant="primary"]')]
    .filter((b) => b.checkVisibility() && !b.closest('[aria-hidden="true"], [inert]'))
    .map((b) => {
      const style = getComputedStyle(b);
      const alpha = Number(style.opacity);
      const background = over(rgb(style.backgroundColor), behind(b), alpha);
      return { text: b.innerText.trim(), disabled: b.disabled, background, color: over(rgb(style.color), background, 1) };
    });
})()`;

const luminance = ([r, g, b]: [number, number, number]) => {
  const f = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
};

/** WCAG contrast ratio of two colours. */
export const contrast = (a: [number, number, number], b: [number, number, number]): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/** How colourful a colour is (0 for greys, up to 255): a disabled button has no brand colour left. */
export const chroma = ([r, g, b]: [number, number, number]): number => Math.max(r, g, b) - Math.min(r, g, b);

/** What is wrong with the looks collected: an enabled button that reads as off, a disabled one that reads as on. */
export function buttonLookProblems(looks: ButtonLook[]): string[] {
  const problems: string[] = [];
  const name = (l: ButtonLook) => `"${l.text}" on ${l.where}`;
  for (const look of looks) {
    const ratio = contrast(look.background, look.color);
    if (!look.disabled) {
      // On: the brand's colour as a fill, its text at 4.5:1 (WCAG AA).
      if (chroma(look.background) < 100) problems.push(`enabled ${name(look)} has no colour (${look.background})`);
      if (ratio < 4.5) problems.push(`enabled ${name(look)}: text contrast ${ratio.toFixed(2)}:1`);
    } else if (chroma(look.background) > 30) {
      // Off: a grey fill; its text stays legible but dimmer.
      problems.push(`disabled ${name(look)} still has the brand's colour (${look.background})`);
    }
  }
  return problems;
}
