/** The public API of the domain: what the server decides with and the SPA shows with. */

export * from './contract';
export * from './format';
export * from './labels';
export * from './options';
export * from './panels';
export * from './pricing';
export * from './states';
export * from './workflow';
