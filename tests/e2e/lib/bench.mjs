// What the window's benches share: the median of samples and the Markdown table they print.

/** The median of `xs`. */
export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** Prints `rows` ([measure, target, median, samples]) as a Markdown table. */
export function printTable(rows) {
  console.log('| Measure | Target | Median | Samples |');
  console.log('|---|---|---|---|');
  for (const [what, target, value, n] of rows) console.log(`| ${what} | ${target} | ${value} | ${n} |`);
}
