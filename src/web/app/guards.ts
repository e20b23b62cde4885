/**
 * Route loaders that apply the access decisions before a page renders (and again on every
 * navigation, so a token that expired meanwhile is caught on the next tap).
 */
import { redirect, type LoaderFunction } from 'react-router';
import { loginPathFor, PATHS } from '../lib/paths';
import { queryClient } from '../lib/query-client';
import { endSession, readSession } from '../lib/session';
import { decideAccess, landingPath, type Access } from './access';

export function guard(access: Access): LoaderFunction {
  return ({ request }) => {
    const decision = decideAccess(access, readSession());
    if (decision.allow) return null;
    if (decision.clearStorage) {
      endSession();
      queryClient.clear();
    }
    if (decision.redirectTo !== PATHS.login) return redirect(decision.redirectTo);
    // To /login, and after signing in on to the page that was asked for (docs/decisions/0043-languages.md).
    const asked = new URL(request.url);
    return redirect(loginPathFor(`${asked.pathname}${asked.search}`));
  };
}

/** The root path and unknown paths. */
export const landing: LoaderFunction = () => redirect(landingPath(readSession()));

/** Guards run on every navigation, not only when their own route first matches. */
export const always = () => true;
