/**
 * The part of react-router the apps use, re-exported from the shared core.
 * react-router is not shared whole (a shared singleton is never tree-shaken:
 * 60 KiB gzip); sharing this subset keeps one router instance at run time for
 * about half the weight. Add an export here when a page needs one more.
 */
export {
  createBrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  redirect,
  RouterProvider,
  useBlocker,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useParams,
  useSearchParams,
} from 'react-router';
export type { LoaderFunctionArgs, RouteObject } from 'react-router';
