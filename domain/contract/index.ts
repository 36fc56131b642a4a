/** Every request and response schema of the API: one source for server validation, OpenAPI and SPA forms. */
export * from './codes';
export * from './common';
export * from './conversations';
export * from './order-item';
export * from './order-item-actions';
export * from './outbox';
export * from './queues';
export * from './reference';
export * from './report';
export * from './search';
export * from './session';
export * from './storefront';
export * from './streams';
export * from './users';
