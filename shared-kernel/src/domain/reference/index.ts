export * from './option';
export * from './clients';
export * from './products';
export * from './tax';
export * from './payments';
export * from './grapes';
export * from './geo';
