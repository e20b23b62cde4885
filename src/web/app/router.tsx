/** Turns the route table into the data router: a guard loader per access level, layouts around. */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { guard, always, landing } from './guards';
import { AppFrame } from './layouts/AppFrame';
import { RouteError } from './layouts/RouteError';
import { TabLayout } from './layouts/TabLayout';
import { ROUTE_TABLE, type RouteEntry } from './routes';

const toRoute = ({ path, Screen }: RouteEntry): RouteObject => ({ path, element: <Screen /> });

/** The route objects, apart from the history they run on (tests use a memory router). */
export function appRoutes(): RouteObject[] {
  const userRoutes = ROUTE_TABLE.user;
  return [
    {
      element: <AppFrame />,
      errorElement: <RouteError />,
      HydrateFallback: () => null,
      children: [
        { index: true, loader: landing },
        { children: ROUTE_TABLE.public.map(toRoute) },
        {
          loader: guard('user'),
          shouldRevalidate: always,
          children: [
            { element: <TabLayout />, children: userRoutes.filter((r) => r.tab).map(toRoute) },
            ...userRoutes.filter((r) => !r.tab).map(toRoute),
          ],
        },
        { loader: guard('admin'), shouldRevalidate: always, children: ROUTE_TABLE.admin.map(toRoute) },
        { path: '*', loader: landing },
      ],
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(appRoutes());
