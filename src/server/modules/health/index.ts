/** The health module's public face: what app.ts and other modules may import (the rest is internal). */
export { benchBaselineModule } from './bench-baseline.js';
export { healthModule } from './routes.js';
export { metricsModule } from './metrics.js';
