export * from './profiles.ts';
export * from './sites.ts';
