/** What other parts of the web app may use from the analytics feature. */
export { AnalyticsPage } from './components/analytics-page';
export { EmployeeAnalyticsDetailView } from './components/employee-analytics-detail';
export { RangeControl } from './components/range-control';
export { useAnalyticsRange } from './hooks/use-analytics-range';
export { analyticsMessages } from './messages';
export { TrendsPanel } from './components/trends-panel';
export { trendsQueryKey } from './api/get-trends';
