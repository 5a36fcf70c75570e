// Query keys that one section's change refreshes in another's: what a section reads, another may
// move (the overview counts what settings and the needs-a-look pages change).

/** The back office's first page, the program at a glance (overview/overview-api.ts). */
export const OVERVIEW_QUERY_KEY = ['manager', 'overview'] as const;

/** The program settings (settings/settings-api.ts); the currency section's change reads them again. */
export const SETTINGS_QUERY_KEY = ['manager', 'settings'] as const;
