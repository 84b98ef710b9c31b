export * from './route-meta';
export * from './remote-module';
export * from './session';
