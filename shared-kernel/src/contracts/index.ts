export * from './route-meta';
export * from './remote-module';
export * from './session';
export * from './auth';
export * from './catalog';
export * from './cart';
export * from './orders';
export * from './clients';
