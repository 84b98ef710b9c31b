export * from './engine';
export * from './delivery';
