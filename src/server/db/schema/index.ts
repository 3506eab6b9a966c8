export * from './accounts';
export * from './activity';
export * from './email';
export * from './preferences';
