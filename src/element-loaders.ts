// Kept for the controller's session until it reads src/registry.ts itself.
export { handPlacedLoaders as elementLoaders } from './registry.ts';
