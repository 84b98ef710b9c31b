export { describeRemoteContract, routeLookups } from './remote-contract';
export { renderPage, createTestQueryClient, finishPageTest } from './render-page';
export type { RenderPageOptions, RenderPageResult } from './render-page';
export { settingsPageFor } from './settings-page';
export { fakeApi, reply, PENDING, activeFakeApi } from './fake-api';
export type { ApiAnswer, ApiCall, ApiHandler, ApiHandlers, ApiRequest, FakeApi } from './fake-api';
export {
  DEMO_SHOP,
  DEMO_USERS,
  DEMO_IAM_AUTHORIZATIONS,
  OWNER,
  IAM,
  AGENT,
  BUYER,
  SUPER_ADMIN,
  iamWith,
  setSession,
  clearSession,
} from './demo-session';
export type { DemoRole, SessionOption } from './demo-session';
export { paginatedOf, productDefaultsOf } from './fixtures';
export { captureDownloads, dialogTitled } from './downloads';
export type { CapturedDownload } from './downloads';
