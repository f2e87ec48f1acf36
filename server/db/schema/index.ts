export * from './profiles.ts';
export * from './sites.ts';
export * from './accounts.ts';
export * from './payments.ts';
export * from './notifications.ts';
export * from './staff.ts';
export * from './moderation.ts';
export * from './hosts.ts';
