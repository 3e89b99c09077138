const counts = new Intl.NumberFormat('en-US');
const percents = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** '30,532': a count on screen, in the en-US format whatever the browser's language. */
export function formatCount(count: number) {
  return counts.format(count);
}

/** '95.4%', '1,250%': a percentage on screen, to one decimal at most. */
export function formatPercentage(percent: number) {
  return `${percents.format(percent)}%`;
}
