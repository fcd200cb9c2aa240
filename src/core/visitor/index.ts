export * from './browser-storage.ts';
export * from './cookies.ts';
export * from './keys.ts';
export * from './lifetimes.ts';
export * from './memory-storage.ts';
export * from './page-visitor.ts';
export * from './pages.ts';
export * from './visitor.ts';
