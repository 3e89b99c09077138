import { config } from 'zod/mini';

// zod's eval probe (`new Function('')`) is a CSP violation report under our policy.
config({ jitless: true });
