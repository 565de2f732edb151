//! WCAG's colour contrast, for tests that check the colours the theme and the drawings use.

function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG's relative luminance of `#rrggbb`. */
export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two colours `#rrggbb`. */
export function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** `top` at `opacity` over `under`, as a canvas composes them (`#rrggbb`). */
export function over(top: string, opacity: number, under: string): string {
  const [a, b] = [rgb(top), rgb(under)];
  const mixed = a.map((c, i) => Math.round(c * opacity + (b[i] ?? 0) * (1 - opacity)));
  return `#${mixed.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}
