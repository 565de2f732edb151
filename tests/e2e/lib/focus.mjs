// Focus visibility (WCAG 2.4.7, 1.4.11) measured in the window: what the focused element is,
// whether it can be seen, and whether it shows an indicator — an outline or a box-shadow whose
// colour contrasts 3:1 with the colour behind it (computed from getComputedStyle) — and, for a
// text field, whether its edge contrasts 3:1 with what is around it.

/**
 * Describes the focused element in the page: `key` (a path naming it), `name`, and `problems`
 * (empty when it is visible with a 3:1 indicator). Runs in the page.
 */
export function focusStop(browser) {
  return browser.execute(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return { key: 'body', name: 'the page', problems: [] };
    const path = [];
    for (let node = el; node && node !== document.body; node = node.parentElement) {
      const parent = node.parentElement;
      path.unshift(`${node.tagName}${parent ? [...parent.children].indexOf(node) : ''}`);
    }
    const name = `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    const problems = [];

    // Seen: of a size, in the window, nothing on the way up hiding it.
    const box = el.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) problems.push('has no size');
    const cx = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
    const cy = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
    if (box.bottom <= 0 || box.top >= window.innerHeight || box.right <= 0 || box.left >= window.innerWidth) problems.push('is outside the window');
    for (let node = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0) {
        problems.push(`is hidden (${node.tagName.toLowerCase()}: display ${style.display}, visibility ${style.visibility}, opacity ${style.opacity})`);
        break;
      }
    }
    const hit = document.elementFromPoint(cx, cy);
    if (problems.length === 0 && hit && !(el.contains(hit) || hit.contains(el))) {
      // Covered at its centre: a sticky header over a scrolled row, say.
      problems.push(`is covered by ${hit.tagName.toLowerCase()}.${hit.className}`);
    }

    // The indicator: an outline, else a box-shadow (the first coloured one).
    const parse = (text) => {
      const m = /rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)/.exec(text ?? '');
      if (!m) return null;
      const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? Number(m[4].slice(0, -1)) / 100 : Number(m[4]);
      return { r: Number(m[1]), g: Number(m[2]), b: Number(m[3]), a: alpha };
    };
    const background = (node) => {
      // The colour behind `node`: its own background or the first opaque one above, blended.
      const layers = [];
      for (let n = node; n; n = n.parentElement) {
        const c = parse(getComputedStyle(n).backgroundColor);
        if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; }
      }
      let out = { r: 255, g: 255, b: 255 };
      for (const c of layers.reverse()) out = { r: c.r * c.a + out.r * (1 - c.a), g: c.g * c.a + out.g * (1 - c.a), b: c.b * c.a + out.b * (1 - c.a) };
      return out;
    };
    const luminance = ({ r, g, b }) => {
      const f = (v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const contrast = (a, b) => {
      const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
      return (x + 0.05) / (y + 0.05);
    };
    const style = getComputedStyle(el);
    let indicator = null;
    let behind = null;
    if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) {
      indicator = parse(style.outlineColor);
      behind = background(parseFloat(style.outlineOffset) < 0 ? el : (el.parentElement ?? el));
    } else if (style.boxShadow && style.boxShadow !== 'none') {
      indicator = parse(style.boxShadow);
      behind = background(style.boxShadow.includes('inset') ? el : (el.parentElement ?? el));
    }
    if (!indicator || indicator.a === 0) problems.push(`shows no focus indicator (outline ${style.outlineStyle} ${style.outlineWidth}, box-shadow ${style.boxShadow})`);
    else {
      const ratio = contrast(indicator, behind);
      if (ratio < 3) problems.push(`has a focus indicator of ${ratio.toFixed(2)}:1 against what is behind it (rgb ${indicator.r} ${indicator.g} ${indicator.b} on ${Math.round(behind.r)} ${Math.round(behind.g)} ${Math.round(behind.b)})`);
    }
    // A text field is seen by its edge (WCAG 1.4.11): 3:1 against what is around it, unless its
    // own background already stands out that much.
    const typed = !['checkbox', 'radio', 'range', 'color', 'file', 'button', 'submit', 'reset', 'image'].includes(el.type);
    if (el.tagName === 'TEXTAREA' || (el.tagName === 'INPUT' && typed)) {
      const edge = parse(style.borderTopColor);
      const around = background(el.parentElement ?? el);
      const ratio = edge && edge.a > 0 && parseFloat(style.borderTopWidth) >= 1 ? contrast(edge, around) : 0;
      if (ratio < 3 && contrast(background(el), around) < 3) {
        problems.push(`is a text field whose edge contrasts ${ratio.toFixed(2)}:1 with what is around it`);
      }
    }
    return { key: path.join('/'), name, problems };
  });
}
