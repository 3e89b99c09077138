/**
 * The feature's second entry, apart from its page code: the router fetches this small module
 * at a navigation's start, so the page's first data comes beside the page's code.
 */
export { prefetchAnalyticsList } from './api/prefetch-analytics-list';
