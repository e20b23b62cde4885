export * from './lockouts.js';
export * from './second-factor.js';
