/** Every analytics view's data: invalidating the root refreshes all of them. */
export const analyticsQueryRoot = ['analytics'] as const;
