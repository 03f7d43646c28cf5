/// <reference lib="dom" />
/**
 * Layout checks the browser tests run on any screen: nothing wider than the viewport (no sideways scrolling), no
 * two controls drawn over each other (a toast over a button), and no text running into other text or a control (a
 * step's label over its connector, a long name over the next column). They read the page's
 * geometry, not pixels, so they hold in both themes and languages.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

export interface LayoutProblem {
  kind: 'overflow' | 'overlap';
  detail: string;
}

/** Waits until the page has settled: no loading spinner, fonts loaded, no animation running, two frames drawn. */
export async function settle(page: Page, timeoutMs = 10_000): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[role="status"][aria-label]:not([data-busy-ok])'), null, {
    timeout: timeoutMs,
  });
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Infinite animations (spinners) never finish; only the finite ones (dialogs opening) are waited for.
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY));
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Switches the page's system theme (the panel follows it by default) and waits until the colours have finished
 * their transitions, so a screenshot or a contrast check sees the theme, not a blend of the two.
 */
export async function switchTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  // The panel flips `.dark` on <html> when the media query's change event arrives; the transitions start a frame on.
  await page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, theme === 'dark');
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // Polled a frame at a time rather than awaiting each transition's `finished`: a transition that is replaced by
  // another one on the same property never settles its promise. Colour transitions last 150 ms.
  await page.waitForFunction(
    () => !document.getAnimations().some((a) => a instanceof CSSTransition && a.playState === 'running'),
    null,
    { polling: 'raf', timeout: 5_000 },
  );
}

/**
 * What is wrong with the layout now: the page scrolls sideways (and which elements stick out), or two visible,
 * interactive elements overlap (neither inside the other) by more than a few pixels.
 */
export function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(inPageCheck) as Promise<LayoutProblem[]>;
}

// Plain JavaScript run in the page: a string, so the test runner's transform adds no helpers the page lacks.
const inPageCheck = `(() => {
    const problems = [];
    const describe = (el) => {
      const name =
        el.getAttribute('aria-label') ??
        el.innerText?.trim().split('\\n')[0]?.slice(0, 40) ??
        el.getAttribute('placeholder') ??
        '';
      const role = el.getAttribute('role');
      return \`\${el.tagName.toLowerCase()}\${role ? \`[role=\${role}]\` : ''}\${name ? \` "\${name}"\` : ''}\`;
    };
    const hidden = (el) =>
      !!el.closest('[aria-hidden="true"], [inert]') ||
      !el.checkVisibility({ opacityProperty: true, visibilityProperty: true });

    // The part of an element its scrolling or clipping ancestors let through.
    const clipped = (el) => {
      const r = el.getBoundingClientRect();
      let { left, top, right, bottom } = r;
      for (let p = el.parentElement; p && p !== document.documentElement; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.position === 'fixed') break;
        const pr = p.getBoundingClientRect();
        if (style.overflowX !== 'visible') {
          left = Math.max(left, pr.left);
          right = Math.min(right, pr.right);
        }
        if (style.overflowY !== 'visible') {
          top = Math.max(top, pr.top);
          bottom = Math.min(bottom, pr.bottom);
        }
      }
      return { left, top, right, bottom };
    };

    const width = document.documentElement.clientWidth;
    const overflow = document.documentElement.scrollWidth - width;
    if (overflow > 1) {
      const culprits = [...document.body.querySelectorAll('*')]
        .filter((el) => !hidden(el))
        .filter((el) => {
          const c = clipped(el);
          return c.right > width + 1 && c.right > c.left;
        })
        .slice(-3)
        .map(describe);
      problems.push({ kind: 'overflow', detail: \`\${overflow}px wider than the viewport: \${culprits.join(', ')}\` });
    }

    const interactive = [
      ...document.querySelectorAll(
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], ' +
          '[role="tab"], [role="checkbox"], [role="radio"], [role="menuitem"], [role="switch"], [contenteditable="true"]',
      ),
    ].filter((el) => !hidden(el));
    const boxes = interactive
      .map((el) => ({ el, box: clipped(el) }))
      .filter(({ box }) => box.right - box.left >= 4 && box.bottom - box.top >= 4);
    const margin = 2;
    const adornment = (field, control) => {
      if (!field.el.matches('input, textarea, select')) return false;
      const style = getComputedStyle(field.el);
      const f = field.box;
      const c = control.box;
      const inside = c.left >= f.left - 1 && c.right <= f.right + 1 && c.top >= f.top - 1 && c.bottom <= f.bottom + 1;
      const inPadding =
        c.left >= f.right - parseFloat(style.paddingRight) - 1 || c.right <= f.left + parseFloat(style.paddingLeft) + 1;
      return inside && inPadding;
    };
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i];
        const b = boxes[j];
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        // A control drawn inside a label or a link-like row with another control is one target, not two.
        const labelA = a.el.closest('label');
        if (labelA && labelA === b.el.closest('label')) continue;
        // A button drawn in a field's own padding (show password, clear) belongs to the field.
        if (adornment(a, b) || adornment(b, a)) continue;
        const w = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const h = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (w > margin && h > margin) problems.push({ kind: 'overlap', detail: \`\${describe(a.el)} × \${describe(b.el)}\` });
      }
    }

    // Text that runs into other text or into a control (a label over its step's line, a name over the next column).
    const texts = [...document.body.querySelectorAll('*')]
      .filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== ''))
      .filter((el) => !hidden(el) && !el.closest('.cm-editor, [role="log"], svg'))
      .map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const r = range.getBoundingClientRect();
        const c = clipped(el);
        return {
          el,
          box: {
            left: Math.max(r.left, c.left),
            right: Math.min(r.right, c.right),
            top: Math.max(r.top, c.top),
            bottom: Math.min(r.bottom, c.bottom),
          },
        };
      })
      .filter(({ box }) => box.right - box.left >= 4 && box.bottom - box.top >= 4);
    const others = [...texts, ...boxes];
    for (let i = 0; i < texts.length; i++) {
      for (let j = 0; j < others.length; j++) {
        const a = texts[i];
        const b = others[j];
        if (j < texts.length && j <= i) continue;
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const labelA = a.el.closest('label');
        if (labelA && labelA === b.el.closest('label')) continue;
        if (adornment(b, a)) continue;
        const w = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const h = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (w > margin && h > margin) problems.push({ kind: 'overlap', detail: \`text \${describe(a.el)} × \${describe(b.el)}\` });
      }
    }
    return problems;
})()`;

/** Fails when the page scrolls sideways (wider than its viewport by more than a pixel). */
export async function assertNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `page is ${overflow}px wider than the viewport`);
}
