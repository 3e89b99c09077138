/**
 * The admin dashboard's arithmetic (spec §9), shared so the server computes it and tests pin
 * the edge cases. All inputs are counts; results are whole percents.
 */

/** New this month versus everyone registered before this month. */
export function monthGrowthPercent(newThisMonth: number, registeredBefore: number) {
  if (registeredBefore === 0) return newThisMonth > 0 ? 100 : 0;
  return Math.round((newThisMonth / registeredBefore) * 100);
}

/** This month's registrations versus last month's: 100 when last month had none and this has some. */
export function monthChangePercent(thisMonth: number, lastMonth: number) {
  if (lastMonth === 0) return thisMonth > 0 ? 100 : 0;
  return Math.round(((thisMonth - lastMonth) / lastMonth) * 100);
}

/** The rounded percent of all calls that were answered; no calls is 0 %. */
export function performancePercent(answered: number, total: number) {
  return total === 0 ? 0 : Math.round((answered / total) * 100);
}
