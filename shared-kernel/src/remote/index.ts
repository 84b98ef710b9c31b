// What a remote's ./module is made of (no antd here: public pages import it on first paint).
export { NotYetAvailable, notYetAvailable } from './NotYetAvailable';
export { defineRemoteModule, routeTexts } from './define-remote-module';
