/** The favourites module's public face: what app.ts and other modules may import (the rest is internal). */
export { favouritesModule } from './routes.js';
