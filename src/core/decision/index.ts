export * from './decide.ts';
export * from './environment.ts';
export * from './explanation.ts';
export * from './navigation.ts';
