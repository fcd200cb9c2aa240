export * from './link.ts';
export * from './machine.ts';
export * from './settings.ts';
export * from './storage.ts';
