/** Demo accounts on the web (docs/decisions/0063-demo-accounts.md): "Try demo", the DEMO mark, the drawer's actions. */
export { DemoBadge } from './DemoBadge';
export { DemoDrawerSection } from './DemoDrawerSection';
export { TryDemoButton } from './TryDemoButton';
