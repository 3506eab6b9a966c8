export * from './accounts';
export * from './activity';
export * from './care-team';
export * from './email';
export * from './messaging';
export * from './notifications';
export * from './patients';
export * from './preferences';
