/** The files module's public face: what app.ts and other modules may import (the rest is internal). */
export { filesModule } from './routes.js';
