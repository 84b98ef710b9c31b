// The one door to react-router for the shell and every remote (a Module Federation shared singleton, DESIGN §2).
// Sharing 'react-router' itself sends the whole package (framework mode, server rendering, cookies, sessions…:
// 60 KB gzip) to every page, because a shared module cannot be tree-shaken. Sharing this module instead sends only
// what the product uses (about 32 KB). Add an export here when a screen needs another react-router API; importing
// 'react-router' directly from application code would give that remote its own router context (see
// imports.test.ts, which forbids it).
export {
  Link,
  NavLink,
  Navigate,
  Outlet,
  RouterProvider,
  createBrowserRouter,
  useBlocker,
  useLocation,
  useMatches,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router';
export type { Location, NavigateFunction, RouteObject, SetURLSearchParams } from 'react-router';
